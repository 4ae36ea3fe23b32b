import { explicarErrorAeat, type RegistroFacturacion, verificarCadena } from '@faro/domain';
import { and, asc, desc, eq, gt, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { companyCtx } from '../../../platform/auth/guard.ts';
import { COUNT_CAP, MAX_OFFSET } from '../../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError, badRequest, notFound } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import {
  verifactuCola,
  verifactuConfig,
  verifactuEnvio,
  verifactuRegistros,
} from '../../../platform/tenancy/tables.ts';
import { xmlRegistro } from '../../../verifactu/xml/mensaje.ts';
import * as fiscal from '../../registrosFiscales/rutas.ts';
import { verificarCadenas } from '../../registrosFiscales/verificar.ts';
import { cargarConfiguracion, cargarEmpresa, destinoDe, MSG_VF } from './configuracion.ts';
import { enviarPendientesDe, estadoEnvio, reintentarAhora } from './envio.ts';
import { subsanar } from './registros.ts';

/**
 * `/api/ventas/fventaverifactu/…` (permission VentasVeriFactu, only for companies whose electronic invoicing is
 * VeriFactu): the queue list, one record for the viewer (record, previous hash, chain status, QR URL, XML, the AEAT
 * answer explained), the chain check, the XML, send now, subsanación, configuration and certificate upload.
 */

const BASE = '/api/ventas/fventaverifactu';
const ESTADOS = ['generado', 'enviado', 'conerrores', 'rechazado', 'anulado'] as const;
const CLASES = ['alta', 'anulacion', 'subsanacion'] as const;

const r = verifactuRegistros;
const c = verifactuCola;
/** The queue row of a record (same company: the scope's). */
const unir = (s: Scope) => s.on(c, eq(c.idRegistro, r.id));

function activa(request: FastifyRequest): void {
  if (companyCtx(request).empresa.tipoFacturaElectronica !== 'verifactu') throw new AppError(403, MSG_VF.noActivo);
}

type Fila = { r: typeof r.$inferSelect; c: typeof c.$inferSelect | null };

function item(f: Fila) {
  return {
    Id: f.r.id,
    Clase: f.r.clase,
    TipoOperacion: f.r.clase === 'anulacion' ? 'Anulacion' : 'Alta',
    IdFactura: f.r.idDocumento,
    NumSerieFactura: f.r.numSerieFactura,
    FechaExpedicionFactura: f.r.fechaExpedicion,
    TipoFactura: f.r.tipoFactura,
    CuotaTotal: f.r.cuotaTotal,
    ImporteTotal: f.r.importeTotal,
    Huella: f.r.huella,
    FechaHoraHusoGenRegistro: f.r.fechaHoraHuso,
    Estado: f.c?.estado ?? 'generado',
    Instalacion: f.r.instalacion,
    Secuencia: f.r.secuencia,
    CodigoErrorRegistro: f.c?.codigoError ?? null,
    UrlQr: f.r.urlQr,
  };
}

async function cargar(s: Scope, id: number): Promise<Fila> {
  const [f] = await s.pick({ r, c }, r, eq(r.id, id)).leftJoin(c, unir(s));
  if (!f) throw notFound();
  return f;
}

const fechaAeatDe = (iso: unknown) =>
  typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('-') : undefined;

const configBody = z.object({
  ProductorNombre: z.string().trim().max(120).nullish(),
  ProductorNIF: fiscal.campoNif('El NIF del productor debe tener 9 caracteres'),
  NombreSistemaInformatico: z.string().trim().max(30).nullish(),
  IdSistemaInformatico: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2}$/, 'Dos caracteres: letras mayúsculas o dígitos')
    .nullish()
    .or(z.literal('')),
  Version: z.string().trim().max(50).nullish(),
  NumeroInstalacion: z.string().trim().max(100).nullish(),
  Entorno: z.enum(['pruebas', 'produccion']),
  EnvioAeat: z.boolean(),
  Url: fiscal.campoUrl,
});

const CANAL: fiscal.CanalRutas = { base: BASE, nombre: 'VeriFactu', permiso: 'VentasVeriFactu', activa };

/** VeriFactu's configuration columns (`verifactu_config`); the certificate goes to the channels' store. */
const CONFIG: fiscal.ConfiguracionCanal<typeof configBody, typeof verifactuConfig> = {
  cuerpo: configBody,
  tabla: verifactuConfig,
  valores: (b) => ({
    ...fiscal.textosDe(b, ['ProductorNombre', 'Version', 'NumeroInstalacion', 'Url']),
    nombreSistema: fiscal.nulo(b.NombreSistemaInformatico),
    idSistema: fiscal.nulo(b.IdSistemaInformatico),
    productorNif: fiscal.nulo(b.ProductorNIF)?.toUpperCase() ?? null,
    entorno: b.Entorno,
    envioAeat: b.EnvioAeat,
  }),
  json: configJson,
  camposClave: ['Password', 'Contrasena'],
};

export function registerVerifactu(app: FastifyInstance, deps: AppDeps): void {
  const { perm, schema } = fiscal.opcionesCanal(CANAL);

  app.get(`${BASE}/list`, { config: perm(1), ...schema('Registros VeriFactu') }, async (request) => {
    activa(request);
    const scope = deps.scopeOf(request);
    const { q, f, conds } = fiscal.consultaCola(request.query, c, r, ESTADOS, CLASES);
    const buscar = fiscal.textoFiltro(f.Buscar) ?? fiscal.textoFiltro(f.NumSerieFactura);
    if (buscar) conds.push(ilike(r.numSerieFactura, fiscal.patronContiene(buscar)));
    if (f.IdFactura !== undefined && Number.isSafeInteger(Number(f.IdFactura)))
      conds.push(eq(r.idDocumento, Number(f.IdFactura)));
    // Generation instants are ISO text with offset: compare on the record's creation time instead.
    const desde = fechaAeatDe(f.FechaDesde);
    const hasta = fechaAeatDe(f.FechaHasta);
    if (desde) conds.push(sql`${r.creado} >= ${f.FechaDesde as string}::date`);
    if (hasta) conds.push(sql`${r.creado} < (${f.FechaHasta as string}::date + 1)`);
    const where = and(...conds.filter(Boolean));
    // Newest first unless the caller asks for ascending order explicitly (parseListQuery reads a missing flag as false).
    const ascendente = (request.query as Record<string, unknown>).Descendente !== undefined && !q.Descendente;
    const orden = ascendente ? [asc(r.id)] : [desc(r.id)];
    const filas = await scope
      .pick({ r, c }, r, where)
      .leftJoin(c, unir(scope))
      .orderBy(...orden)
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    // Capped count: at most COUNT_CAP + 1 ids of the same filter, counted by the database.
    const [n] = await scope.execute<{ n: number }>(
      (empresaId) => sql`select count(*)::int as n from (select 1 from ${r} left join ${c}
        on ${c.empresaId} = ${empresaId} and ${c.idRegistro} = ${r.id}
        where ${r.empresaId} = ${empresaId} ${where ? sql`and ${where}` : sql``} limit ${COUNT_CAP + 1}) capped`,
    );
    const total = Number(n?.n ?? 0);
    return { Items: filas.map(item), Total: Math.min(total, COUNT_CAP), TotalLimitado: total > COUNT_CAP };
  });

  app.get(`${BASE}/edit/:id`, { config: perm(1), ...schema('Registro VeriFactu: visor') }, async (request) => {
    activa(request);
    const scope = deps.scopeOf(request);
    const f = await cargar(scope, fiscal.idDe(request));
    const [previa] = await scope.select(r, and(eq(r.instalacion, f.r.instalacion), eq(r.secuencia, f.r.secuencia - 1)));
    const registro = f.r.registro as RegistroFacturacion;
    const cadena = verificarCadena([registro], (previa?.registro as RegistroFacturacion | undefined) ?? null);
    const codigo = f.c?.codigoError ?? null;
    return {
      ...item(f),
      HuellaAnterior: f.r.huellaAnterior,
      Anterior: previa
        ? { Id: previa.id, NumSerieFactura: previa.numSerieFactura, Clase: previa.clase, Huella: previa.huella }
        : null,
      Cadena: { Valida: cadena.valida, Incidencias: cadena.incidencias.map((i) => i.Mensaje) },
      Registro: registro,
      Xml: xmlRegistro(registro),
      Respuesta: f.c
        ? {
            Intentos: f.c.intentos,
            Enviado: f.c.enviado,
            CSV: f.c.csv,
            CodigoErrorRegistro: codigo,
            DescripcionErrorRegistro: f.c.descripcionError,
            Retrasado: f.c.retrasado,
            Error: codigo === null ? null : explicarErrorAeat(codigo, f.c.descripcionError ?? undefined),
          }
        : null,
    };
  });

  app.get(`${BASE}/xml/:id`, { config: perm(1), ...schema('Registro VeriFactu: XML') }, async (request, reply) => {
    activa(request);
    const scope = deps.scopeOf(request);
    const f = await cargar(scope, fiscal.idDe(request));
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', `inline; filename="verifactu-${f.r.id}.xml"`)
      .send(xmlRegistro(f.r.registro as RegistroFacturacion));
  });

  app.get(
    `${BASE}/factura/:id`,
    { config: perm(1), ...schema('Registros VeriFactu de una factura') },
    async (request) => {
      activa(request);
      const scope = deps.scopeOf(request);
      const id = fiscal.idDe(request);
      const filas = await scope.pick({ r, c }, r, eq(r.idDocumento, id)).leftJoin(c, unir(scope)).orderBy(asc(r.id));
      if (!filas.length) throw notFound();
      return { Items: filas.map(item) };
    },
  );

  app.get(`${BASE}/verificar`, { config: perm(1), ...schema('Comprobar la cadena de huellas') }, async (request) => {
    activa(request);
    const scope = deps.scopeOf(request);
    return verificarEmpresa(scope);
  });

  app.get(`${BASE}/estado`, { config: perm(1), ...schema('Estado del envío a la AEAT') }, async (request) => {
    activa(request);
    const scope = deps.scopeOf(request);
    const estado = await estadoEnvio(scope);
    const [envio] = await scope.select(verifactuEnvio);
    const e = await cargarEmpresa(scope);
    const cfg = await cargarConfiguracion(scope, e);
    return {
      Incidencia: estado.incidencia,
      Bloqueo: estado.bloqueo ?? null,
      SiguienteEnvio: estado.siguienteEnvio ? new Date(estado.siguienteEnvio).toISOString() : null,
      FallosSeguidos: estado.fallosSeguidos,
      UltimoEnvio: envio?.ultimoEnvio ?? null,
      UltimoResultado: envio?.ultimoResultado ?? null,
      Destino: destinoDe(cfg),
      Certificado: Boolean(cfg.fila?.certificado),
      Cuentas: await fiscal.cuentasPorEstado(scope, c, ESTADOS),
    };
  });

  app.post(`${BASE}/enviar`, { config: perm(2), ...schema('Enviar ahora a la AEAT') }, async (request) => {
    activa(request);
    const scope = deps.scopeOf(request);
    const e = await cargarEmpresa(scope);
    const cfg = await cargarConfiguracion(scope, e);
    if (!destinoDe(cfg)) throw badRequest(MSG_VF.sinDestino);
    if (!cfg.fila?.certificado) throw badRequest(MSG_VF.sinCertificado);
    await reintentarAhora(scope);
    const res = await enviarPendientesDe(scope, deps.secret, { maxPasos: 5 });
    return {
      Pasos: res.pasos,
      Enviados: res.enviados,
      Plan: res.plan,
      Motivo: res.motivo ?? null,
      Hasta: res.hasta ? new Date(res.hasta).toISOString() : null,
      Ultimo: res.ultimo ?? null,
    };
  });

  app.post(
    `${BASE}/subsanar/:id`,
    { config: perm(2), ...schema('Subsanar un registro rechazado o con errores') },
    async (request, reply) => {
      activa(request);
      const scope = deps.scopeOf(request);
      const id = fiscal.idDe(request);
      await cargar(scope, id);
      const nuevo = await scope.tx((t) => subsanar(t, id));
      return reply.status(201).send({ Id: nuevo });
    },
  );
  fiscal.registrarConfiguracion(app, deps, CANAL, CONFIG);
}

async function configJson(scope: Scope) {
  const e = await cargarEmpresa(scope);
  const cfg = await cargarConfiguracion(scope, e);
  const s = cfg.sistema;
  return {
    ProductorNombre: s.NombreRazon,
    ProductorNIF: s.NIF,
    NombreSistemaInformatico: s.NombreSistemaInformatico,
    IdSistemaInformatico: s.IdSistemaInformatico,
    Version: s.Version,
    NumeroInstalacion: s.NumeroInstalacion,
    Entorno: cfg.entorno,
    EnvioAeat: cfg.envioAeat,
    Url: cfg.url,
    Destino: destinoDe(cfg),
    Certificado: cfg.fila?.certificado
      ? { Nombre: cfg.fila.certificadoNombre, Subido: cfg.fila.certificadoSubido }
      : null,
  };
}

/** Recomputes every huella and link of each of the company's chains (one per installation), in pages. */
export function verificarEmpresa(s: Scope) {
  return verificarCadenas({
    claves: async () => (await s.pick({ i: r.instalacion }, r).groupBy(r.instalacion)).map((x) => x.i),
    pagina: (i, despuesDe) =>
      s
        .pick(
          { id: r.id, secuencia: r.secuencia, registro: r.registro },
          r,
          and(eq(r.instalacion, i), gt(r.secuencia, despuesDe)),
        )
        .orderBy(asc(r.secuencia))
        .limit(2000),
    comprobar: (pagina, previo) =>
      verificarCadena(
        pagina.map((p) => p.registro as RegistroFacturacion),
        (previo?.registro as RegistroFacturacion | undefined) ?? null,
      ).incidencias,
    falta: (n) => `Falta el registro ${n} de la cadena`,
  });
}
