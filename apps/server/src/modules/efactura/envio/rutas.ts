import { CANALES_EFACTURA, MSG, TIPOS_DOCUMENTO_VENTA } from '@faro/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { urlAlGuardar } from '../../../platform/egress/alGuardar.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { documentosVenta, efacturaEnvios } from '../../../platform/tenancy/tables.ts';
import { idOf } from '../../documentos/params.ts';
import { motorVenta } from '../../ventas/ladoVenta.ts';
import { consultarEstadosSpfe } from '../spfe/consulta.ts';
import { enviarPendientes, reintentar } from './cola.ts';
import { guardarConfig, leerConfig } from './config.ts';

const fventa = TIPOS_DOCUMENTO_VENTA.fventa;
const perm = (nivel: 1 | 2 | 3) => ({ access: access.permission(fventa.permission, nivel, fventa.module) });
const schema = (summary: string) => ({ schema: { tags: ['ventas'], summary } });

export const RUTA_ENVIOS = '/api/ventas/fventaefactura';

const ESTADOS = ['generado', 'enviado', 'rechazado'] as const;

const filtro = z.object({
  Estado: z.enum(ESTADOS, { error: MSG.format }).optional(),
  Canal: z.enum(CANALES_EFACTURA, { error: MSG.format }).optional(),
});

const idsConsulta = z.object({
  Ids: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15}){0,199}$/, { error: MSG.format })
    .transform((v) => v.split(',').map(Number)),
});

const url = z.string().trim().max(500).url({ error: MSG.format }).nullable().optional();
const configBody = z.object({
  CanalDefecto: z.enum(CANALES_EFACTURA, { error: MSG.format }),
  UrlSpfe: url,
  UrlPeppol: url,
  UrlFace: url,
});

const e = efacturaEnvios;
const d = documentosVenta;

/** A queue row with its invoice, as the viewer and the invoice screen show it. */
const columnas = {
  Id: e.idRegistro,
  IdDocumento: e.idDocumento,
  Canal: e.canal,
  Estado: e.estado,
  Intentos: e.intentos,
  NumeroRegistro: e.numeroRegistro,
  CodigoError: e.codigoError,
  DescripcionError: e.descripcionError,
  ConPdf: e.conPdf,
  EstadoCliente: e.estadoCliente,
  FechaEstadoCliente: e.fechaEstadoCliente,
  MotivoEstadoCliente: e.motivoEstadoCliente,
  Consultado: e.consultado,
  Enviado: e.enviado,
  Creado: e.creado,
  NumSerie: d.numSerie,
  Fecha: d.fecha,
  Cliente: d.terceroNombre,
  Total: d.total,
};

function envios(s: Scope, where: ReturnType<typeof and>) {
  return s
    .pick(columnas, e, where)
    .innerJoin(d, s.on(d, eq(d.id, e.idDocumento)))
    .orderBy(desc(e.idRegistro));
}

/**
 * The e-invoice sending queue: its viewer (`fventaefactura`, filter by state and channel), send now, retry one,
 * ask the SPFE for the statuses customers reported, the company's e-invoicing settings, and each invoice's sends
 * (the invoice screen and list show the customer's reported status).
 */
export function registrarEnvioEfactura(app: FastifyInstance, deps: AppDeps): void {
  const enviarCorreo = (mail: Parameters<AppDeps['mailer']['send']>[0]) => deps.mailer.send(mail);

  app.get(RUTA_ENVIOS, { config: perm(1), ...schema('Factura electrónica: cola de envíos') }, async (request) => {
    const f = parseBody(filtro, request.query ?? {}) as z.infer<typeof filtro>;
    const filas = await envios(
      deps.scopeOf(request),
      and(f.Estado ? eq(e.estado, f.Estado) : undefined, f.Canal ? eq(e.canal, f.Canal) : undefined),
    ).limit(500);
    return { Envios: filas };
  });

  app.post(`${RUTA_ENVIOS}/enviar`, { config: perm(2), ...schema('Factura electrónica: enviar ahora') }, (request) =>
    enviarPendientes(deps.scopeOf(request), enviarCorreo, 'pantalla').then((r) => ({
      Enviados: r.enviados,
      Rechazados: r.rechazados,
      SinConfigurar: r.pendientesDeConfigurar.map((p) => ({ Canal: p.canal, Motivo: p.motivo })),
    })),
  );

  app.post(
    `${RUTA_ENVIOS}/reintentar/:id`,
    { config: perm(2), ...schema('Factura electrónica: reintentar un envío') },
    async (request) => {
      const s = deps.scopeOf(request);
      if (!(await reintentar(s, idOf(request)))) throw notFound();
      const r = await enviarPendientes(s, enviarCorreo, 'pantalla');
      return { Enviados: r.enviados, Rechazados: r.rechazados };
    },
  );

  app.post(
    `${RUTA_ENVIOS}/consultar`,
    { config: perm(2), ...schema('Factura electrónica: consultar estados en la SPFE') },
    async (request) => {
      const r = await consultarEstadosSpfe(deps.scopeOf(request));
      return { Consultadas: r.consultadas, Actualizadas: r.actualizadas, ...(r.error ? { Error: r.error } : {}) };
    },
  );

  app.get(
    `${RUTA_ENVIOS}/estados`,
    { config: perm(1), ...schema('Factura electrónica: envíos de varias facturas') },
    async (request) => {
      const { Ids } = parseBody(idsConsulta, request.query ?? {}) as z.infer<typeof idsConsulta>;
      return { Envios: await envios(deps.scopeOf(request), inArray(e.idDocumento, Ids)) };
    },
  );

  app.get(
    '/api/ventas/fventa/efactura/:id',
    { config: perm(1), ...schema('Factura: envíos de factura electrónica') },
    async (request) => {
      const s = deps.scopeOf(request);
      // The invoice first: another company's (or a missing) one is a 404, not an empty list.
      const h = await motorVenta.cargarCabecera(s, idOf(request), fventa.tipos);
      return { Envios: await envios(s, eq(e.idDocumento, h.id)) };
    },
  );

  app.get(
    `${RUTA_ENVIOS}/config`,
    { config: perm(1), ...schema('Factura electrónica: configuración') },
    async (request) => {
      const c = await leerConfig(deps.scopeOf(request));
      return {
        CanalDefecto: c.canalDefecto,
        UrlSpfe: c.urlSpfe,
        UrlPeppol: c.urlPeppol,
        UrlFace: c.urlFace,
        InicioEfactura: c.inicioEfactura,
      };
    },
  );

  app.put(
    `${RUTA_ENVIOS}/config`,
    { config: perm(3), ...schema('Factura electrónica: guardar la configuración') },
    async (request) => {
      const b = parseBody(configBody, request.body ?? {}) as z.infer<typeof configBody>;
      await urlAlGuardar('UrlSpfe', b.UrlSpfe);
      await urlAlGuardar('UrlPeppol', b.UrlPeppol);
      await urlAlGuardar('UrlFace', b.UrlFace);
      await guardarConfig(deps.scopeOf(request), {
        canalDefecto: b.CanalDefecto,
        urlSpfe: b.UrlSpfe || null,
        urlPeppol: b.UrlPeppol || null,
        urlFace: b.UrlFace || null,
      });
      return { Guardado: true };
    },
  );
}
