import { ESTADOS_TBAI, PROVINCIAS_TBAI } from '@faro/domain';
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import { MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  documentosCompra as dc,
  lroeRecibidas,
  ticketbaiCola,
  ticketbaiConfig,
  ticketbaiEnvio,
  ticketbaiRegistros,
} from '../../platform/tenancy/tables.ts';
import { incidenciasEslabon } from '../../ticketbai/cadena.ts';
import * as fiscal from '../registrosFiscales/rutas.ts';
import { verificarCadenas } from '../registrosFiscales/verificar.ts';
import { filaConfig } from '../ventas/verifactu/configuracion.ts';
import { contextoTbai, MSG_TBAI } from './emision.ts';
import { destinoTbai, enviarPendientesTbai, MSG_ENVIO_TBAI, reintentarTbaiAhora } from './envio.ts';

/**
 * `/api/impuestos/lroefactemitidas/…` (ImptoEmit; companies whose electronic invoicing is `tbai` or `lroe`): the
 * TicketBAI queue, the per-file viewer (signature, chain, QR, state, the Diputación's answer), the XML, send now,
 * configuration and the certificate (.p12/.pfx, VeriFactu's encrypted store). `/api/impuestos/lroefactrecibidas/…`
 * (ImptoRecib; Bizkaia `lroe` companies): registered received invoices with their LROE state.
 */
const E = '/api/impuestos/lroefactemitidas';
const R = '/api/impuestos/lroefactrecibidas';
const ESTADOS = Object.keys(ESTADOS_TBAI);

const r = ticketbaiRegistros;
const c = ticketbaiCola;
const unir = (s: Scope) => s.on(c, eq(c.idRegistro, r.id));

function activa(request: FastifyRequest, soloLroe = false): void {
  const tipo = companyCtx(request).empresa.tipoFacturaElectronica;
  if (soloLroe ? tipo !== 'lroe' : tipo !== 'tbai' && tipo !== 'lroe') {
    // A 400, not a 403: the caller has the permission; the company is simply not a TicketBAI one.
    throw badRequest(soloLroe ? 'El LROE solo está activo para empresas de Bizkaia' : MSG_TBAI.noActivo);
  }
}

type Fila = { r: typeof r.$inferSelect; c: typeof c.$inferSelect | null };

function item(f: Fila) {
  return {
    Id: f.r.id,
    Clase: f.r.clase,
    Provincia: f.r.provincia,
    IdFactura: f.r.idDocumento,
    Serie: f.r.serie,
    Numero: f.r.numero,
    Fecha: f.r.fecha,
    Secuencia: f.r.secuencia,
    Identificador: f.r.identificador,
    ImporteTotal: f.r.importeTotal,
    Estado: f.c?.estado ?? 'generado',
    Intentos: f.c?.intentos ?? 0,
    CodigoError: f.c?.codigoError ?? null,
    DescripcionError: f.c?.descripcionError ?? null,
    NumeroRegistro: f.c?.numeroRegistro ?? null,
    Enviado: f.c?.enviado ?? null,
    UrlQr: f.r.urlQr,
    Creado: f.r.creado,
  };
}

async function cargar(s: Scope, id: number): Promise<Fila> {
  const [f] = await s.pick({ r, c }, r, eq(r.id, id)).leftJoin(c, unir(s));
  if (!f) throw notFound();
  return f;
}

const configBody = z.object({
  Licencia: z.string().trim().max(20).nullish(),
  NifDesarrollador: fiscal.campoNif('El NIF de la entidad desarrolladora debe tener 9 caracteres'),
  NombreSoftware: z.string().trim().max(120).nullish(),
  Version: z.string().trim().max(20).nullish(),
  Dispositivo: z.string().trim().max(30).nullish(),
  Entorno: z.enum(['pruebas', 'produccion'], { error: 'El entorno debe ser pruebas o producción' }),
  EnvioReal: z.boolean(),
  Url: fiscal.campoUrl,
  ModeloLroe: z.enum(['240', '140'], { error: 'El modelo del LROE debe ser 240 o 140' }).optional(),
});

async function configJson(s: Scope) {
  const ctx = await contextoTbai(s);
  if (!ctx) throw badRequest(MSG_TBAI.noActivo);
  const cert = await filaConfig(s);
  return {
    Provincia: ctx.provincia,
    ProvinciaNombre: PROVINCIAS_TBAI[ctx.provincia],
    Licencia: ctx.software.licencia,
    NifDesarrollador: ctx.software.nif,
    NombreSoftware: ctx.software.nombre,
    Version: ctx.software.version,
    Dispositivo: ctx.dispositivo,
    Entorno: ctx.entorno,
    EnvioReal: ctx.fila?.envioReal ?? false,
    Url: ctx.fila?.url ?? null,
    ModeloLroe: ctx.fila?.modeloLroe ?? '240',
    Destino: destinoTbai(ctx),
    Certificado: cert?.certificado ? { Nombre: cert.certificadoNombre, Subido: cert.certificadoSubido } : null,
  };
}

const CANAL: fiscal.CanalRutas = {
  base: E,
  nombre: 'TicketBAI',
  permiso: 'ImptoEmit',
  activa: (request) => activa(request),
};

/** TicketBAI's configuration columns (`ticketbai_config`); the certificate goes to the channels' store. */
const CONFIG: fiscal.ConfiguracionCanal<typeof configBody, typeof ticketbaiConfig> = {
  cuerpo: configBody,
  tabla: ticketbaiConfig,
  valores: (b) => ({
    ...fiscal.textosDe(b, ['Licencia', 'NombreSoftware', 'Version', 'Dispositivo', 'Url']),
    nifDesarrollador: fiscal.nulo(b.NifDesarrollador)?.toUpperCase() ?? null,
    entorno: b.Entorno,
    envioReal: b.EnvioReal,
    modeloLroe: b.ModeloLroe ?? '240',
  }),
  json: configJson,
  camposClave: ['Password'],
};

export function registerTicketBai(app: FastifyInstance, deps: AppDeps): void {
  const { perm: emit, schema } = fiscal.opcionesCanal(CANAL);
  const recib = (level: 1 | 2 | 3) => ({ access: access.permission('ImptoRecib', level) });

  app.get(`${E}/list`, { config: emit(1), ...schema('Ficheros TicketBAI') }, async (request) => {
    activa(request);
    const scope = deps.scopeOf(request);
    const { q, f, conds } = fiscal.consultaCola(request.query, c, r, ESTADOS, ['alta', 'anulacion']);
    const buscar = fiscal.textoFiltro(f.Buscar);
    if (buscar) {
      const patron = fiscal.patronContiene(buscar);
      conds.push(sql`(${ilike(r.numero, patron)} or ${ilike(r.serie, patron)} or ${ilike(r.identificador, patron)})`);
    }
    if (f.IdFactura !== undefined && Number.isSafeInteger(Number(f.IdFactura)))
      conds.push(eq(r.idDocumento, Number(f.IdFactura)));
    const where = and(...conds.filter(Boolean));
    const filas = await scope
      .pick({ r, c }, r, where)
      .leftJoin(c, unir(scope))
      .orderBy(desc(r.id))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const [n] = await scope.pick({ n: sql<number>`count(*)::int` }, r, where).leftJoin(c, unir(scope));
    return { Items: filas.map(item), Total: Number(n?.n ?? 0) };
  });

  // Routes with an id look the row up in the caller's company first: another company's id is a 404.
  app.get(`${E}/edit/:id`, { config: emit(1), ...schema('Fichero TicketBAI: visor') }, async (request) => {
    const scope = deps.scopeOf(request);
    const f = await cargar(scope, fiscal.idDe(request));
    activa(request);
    let anterior: typeof r.$inferSelect | undefined;
    if (f.r.clase === 'alta' && f.r.secuencia && f.r.secuencia > 1) {
      [anterior] = await scope.select(r, and(eq(r.serie, f.r.serie), eq(r.secuencia, f.r.secuencia - 1)));
    }
    const incidencias = f.r.clase === 'alta' ? incidenciasEslabon(f.r, anterior) : [];
    const certificado = /<ds:X509Certificate>([^<]+)</.exec(f.r.xml)?.[1] ?? null;
    let firmante: string | null = null;
    if (certificado) {
      const { X509Certificate } = await import('node:crypto');
      try {
        firmante = new X509Certificate(Buffer.from(certificado, 'base64')).subject.replace(/\n/g, ', ');
      } catch {
        firmante = null;
      }
    }
    return {
      ...item(f),
      SignatureValue: f.r.signatureValue,
      FirmaAnterior: f.r.firmaAnterior,
      Firmante: firmante,
      Politica: /<xades:Identifier>([^<]+)</.exec(f.r.xml)?.[1] ?? null,
      Anterior: anterior
        ? { Id: anterior.id, Serie: anterior.serie, Numero: anterior.numero, Fecha: anterior.fecha }
        : null,
      Cadena: { Valida: incidencias.length === 0, Incidencias: incidencias },
      Xml: f.r.xml,
    };
  });

  app.get(`${E}/xml/:id`, { config: emit(1), ...schema('Fichero TicketBAI: XML') }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const f = await cargar(scope, fiscal.idDe(request));
    activa(request);
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="ticketbai-${f.r.id}.xml"`)
      .send(f.r.xml);
  });

  app.get(`${E}/factura/:id`, { config: emit(1), ...schema('Ficheros TicketBAI de una factura') }, async (request) => {
    const scope = deps.scopeOf(request);
    const filas = await scope
      .pick({ r, c }, r, eq(r.idDocumento, fiscal.idDe(request)))
      .leftJoin(c, unir(scope))
      .orderBy(asc(r.id));
    if (!filas.length) throw notFound();
    activa(request);
    return { Items: filas.map(item) };
  });

  app.get(`${E}/verificar`, { config: emit(1), ...schema('Comprobar la cadena de firmas') }, async (request) => {
    activa(request);
    return verificarEmpresaTbai(deps.scopeOf(request));
  });

  app.get(`${E}/estado`, { config: emit(1), ...schema('Estado del envío TicketBAI') }, async (request) => {
    activa(request);
    const scope = deps.scopeOf(request);
    const [envio] = await scope.select(ticketbaiEnvio);
    const cfg = await configJson(scope);
    return {
      ...cfg,
      UltimoEnvio: envio?.ultimoEnvio ?? null,
      UltimoResultado: envio?.ultimoResultado ?? null,
      Cuentas: await fiscal.cuentasPorEstado(scope, c, ESTADOS),
    };
  });

  app.post(`${E}/enviar`, { config: emit(2), ...schema('Enviar ahora a la Diputación') }, async (request) => {
    activa(request);
    const scope = deps.scopeOf(request);
    const cfg = await configJson(scope);
    if (!cfg.Destino) throw badRequest(MSG_ENVIO_TBAI.sinDestino);
    if (!cfg.Certificado) throw badRequest(MSG_ENVIO_TBAI.sinCertificado);
    await reintentarTbaiAhora(scope);
    const res = await enviarPendientesTbai(scope, deps.secret);
    if (res.motivo === 'ocupado') throw new AppError(409, MSG_ENVIO_TBAI.ocupado);
    return {
      Enviados: res.enviados,
      Aceptados: res.aceptados,
      Rechazados: res.rechazados,
      Error: res.error,
    };
  });

  fiscal.registrarConfiguracion(app, deps, CANAL, CONFIG);

  // ---------------------------------------------------------------------------------------------------------------
  // LROE received invoices (Bizkaia, chapter 2): registered purchase invoices and expenses with their LROE state.

  app.get(`${R}/list`, { config: recib(1), ...schema('LROE facturas recibidas') }, async (request) => {
    activa(request, true);
    const scope = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const f = q.Filtros as Record<string, unknown>;
    const conds: (SQL | undefined)[] = [inArray(dc.tipo, ['factura', 'gasto']), isNotNull(dc.numero)];
    const estado = typeof f.Estado === 'string' && f.Estado !== '' ? f.Estado : undefined;
    if (estado) {
      if (estado !== 'pendiente' && !ESTADOS.includes(estado)) throw badRequest(fiscal.MSG_LISTA);
      conds.push(estado === 'pendiente' ? sql`${lroeRecibidas.estado} is null` : eq(lroeRecibidas.estado, estado));
    }
    const where = and(...conds);
    const unirR = scope.on(lroeRecibidas, eq(lroeRecibidas.idDocumento, dc.id));
    const filas = await scope
      .pick(
        {
          id: dc.id,
          numSerie: dc.numSerie,
          numTercero: dc.numTercero,
          fecha: dc.fecha,
          proveedor: dc.terceroNombre,
          nif: dc.terceroNif,
          base: dc.baseImponible,
          iva: dc.totalIva,
          total: dc.total,
          estado: lroeRecibidas.estado,
          codigo: lroeRecibidas.codigoError,
          descripcion: lroeRecibidas.descripcionError,
          registro: lroeRecibidas.numeroRegistro,
        },
        dc,
        where,
      )
      .leftJoin(lroeRecibidas, unirR)
      .orderBy(desc(dc.fecha), desc(dc.id))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const [n] = await scope.pick({ n: sql<number>`count(*)::int` }, dc, where).leftJoin(lroeRecibidas, unirR);
    return {
      Items: filas.map((x) => ({
        Id: x.id,
        NumSerie: x.numSerie,
        NumFacturaProveedor: x.numTercero,
        Fecha: x.fecha,
        Proveedor: x.proveedor,
        NIF: x.nif,
        BaseImponible: x.base,
        TotalIva: x.iva,
        Total: x.total,
        Estado: x.estado ?? 'pendiente',
        CodigoError: x.codigo,
        DescripcionError: x.descripcion,
        NumeroRegistro: x.registro,
      })),
      Total: Number(n?.n ?? 0),
    };
  });

  app.post(
    `${R}/marcar/:id`,
    { config: recib(2), ...schema('LROE: incluir una factura recibida en el próximo envío') },
    async (request, reply) => {
      const scope = deps.scopeOf(request);
      const id = fiscal.idDe(request);
      const [doc] = await scope
        .pick({ id: dc.id }, dc, and(eq(dc.id, id), inArray(dc.tipo, ['factura', 'gasto']), isNotNull(dc.numero)))
        .limit(1);
      if (!doc) throw notFound();
      activa(request, true);
      await scope.insert(lroeRecibidas, { idDocumento: id }).onConflictDoUpdate({
        target: [lroeRecibidas.empresaId, lroeRecibidas.idDocumento],
        set: { estado: 'generado', noAntesDe: null, actualizado: new Date().toISOString() },
      });
      return reply.status(201).send({ Id: id, Estado: 'generado' });
    },
  );
}

/** Checks every alta of each of the company's series against the file before it, in pages. */
export function verificarEmpresaTbai(s: Scope) {
  const altas = and(eq(r.clase, 'alta'), isNotNull(r.secuencia));
  return verificarCadenas({
    claves: async () => (await s.pick({ serie: r.serie }, r, altas).groupBy(r.serie)).map((x) => x.serie),
    pagina: async (serie, despuesDe) =>
      (
        await s
          .pick(
            {
              id: r.id,
              secuencia: r.secuencia,
              firmaAnterior: r.firmaAnterior,
              signatureValue: r.signatureValue,
              identificador: r.identificador,
            },
            r,
            and(altas, eq(r.serie, serie), gt(r.secuencia, despuesDe)),
          )
          .orderBy(asc(r.secuencia))
          .limit(2000)
      ).map((f) => ({ ...f, secuencia: f.secuencia ?? 0 })),
    comprobar: (pagina, previo) =>
      pagina.flatMap((f, k) => {
        const antes = k > 0 ? pagina[k - 1] : previo;
        const anterior = antes && antes.secuencia === f.secuencia - 1 ? antes : undefined;
        return incidenciasEslabon(f, anterior).map((Mensaje) => ({ indice: k, Mensaje }));
      }),
    falta: (n) => `Falta el fichero ${n} de la serie`,
  });
}
