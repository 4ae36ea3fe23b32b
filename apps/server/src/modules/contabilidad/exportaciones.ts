import { MSG, MSG_DATOS, RECURSOS_VENTA, type RecursoVenta, TIPOS_DOCUMENTO_VENTA } from '@faro/domain';
import { and, asc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Cell, Column } from '../../platform/export/cells.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { documentosVenta as dv } from '../../platform/tenancy/tables.ts';
import { WRITERS } from '../impuestos/libroFacturas.ts';
import { enviarFichero, FORMATOS_EXPORT, MSG_FORMATO, zDia } from './descarga.ts';

/**
 * `/api/configuracion/exportaciones/{pventa|dventa|aventa|fventa}`: the sales documents of a period
 * (optionally one series and one status) in xlsx, ods, pdf or html, streamed in keyset batches through the
 * platform's writers, with `X-Total-Registros` for the progress bar. Customers, suppliers and employees are exported
 * by the entity engine's own route (`{area}/{resource}/export`), which the screen calls.
 */
export const RUTA_EXPORTACIONES = '/api/configuracion/exportaciones';
const LOTE = 1000;

const dia = zDia;
const filtros = z
  .object({
    Formato: z.enum(FORMATOS_EXPORT, { error: MSG_FORMATO }),
    FechaDesde: dia('Fecha desde'),
    FechaHasta: dia('Fecha hasta'),
    Serie: z.coerce
      .number({ error: MSG.format })
      .int({ error: MSG.format })
      .positive({ error: MSG.format })
      .max(Number.MAX_SAFE_INTEGER, { error: MSG.format })
      .optional(),
    Estado: z.string().max(40).optional(),
  })
  .refine((f) => f.FechaHasta >= f.FechaDesde, { error: MSG_DATOS.dateRange, path: ['FechaHasta'] });
type Filtros = z.infer<typeof filtros>;

function parse(query: unknown): Filtros {
  const q: Record<string, unknown> = { Formato: 'xlsx', ...((query ?? {}) as Record<string, unknown>) };
  for (const k of ['Serie', 'Estado', 'Formato']) if (q[k] === '') delete q[k];
  q.Formato ??= 'xlsx';
  const r = filtros.safeParse(q);
  if (!r.success) {
    const formato = r.error.issues.find((i) => i.path[0] === 'Formato');
    if (formato) throw badRequest(formato.message);
    throw new AppError(
      400,
      MSG.formInvalid,
      r.error.issues.map((i) => ({ Campo: String(i.path[0] ?? 'Filtros'), Mensaje: i.message })),
    );
  }
  return r.data;
}

const money = (key: string, label: string): Column => ({ key, label, def: { kind: 'money', label, scale: 2 } });
const text = (key: string, label: string, list = true): Column => ({ key, label, def: { kind: 'text', label, list } });
export const COLUMNAS_DOCUMENTO: Column[] = [
  { key: 'Fecha', label: 'Fecha', def: { kind: 'date', label: 'Fecha' } },
  text('NumSerie', 'Número'),
  text('Estado', 'Estado'),
  text('Cliente', 'Cliente'),
  text('NIF', 'NIF'),
  money('BaseImponible', 'Base imponible'),
  money('TotalIva', 'IVA'),
  money('TotalRecargo', 'Recargo'),
  money('TotalRetencion', 'Retención'),
  money('Total', 'Total'),
];

function where(recurso: RecursoVenta, f: Filtros): SQL {
  const conds = [
    inArray(dv.tipo, [...TIPOS_DOCUMENTO_VENTA[recurso].tipos]),
    gte(dv.fecha, f.FechaDesde),
    lte(dv.fecha, f.FechaHasta),
  ];
  if (f.Serie) conds.push(eq(dv.idSerie, f.Serie));
  if (f.Estado) conds.push(eq(dv.estado, f.Estado));
  return and(...conds) as SQL;
}

const SELECCION = {
  id: dv.id,
  fecha: dv.fecha,
  numSerie: dv.numSerie,
  estado: dv.estado,
  cliente: dv.terceroNombre,
  nif: dv.terceroNif,
  base: dv.baseImponible,
  iva: dv.totalIva,
  recargo: dv.totalRecargo,
  retencion: dv.totalRetencion,
  total: dv.total,
};
type FilaDoc = { [K in keyof typeof SELECCION]: unknown };

const celdas = (r: FilaDoc): Cell[] => {
  const s = (v: unknown): Cell => (v === null || v === undefined || v === '' ? null : { t: 's', v: String(v) });
  const n = (v: unknown): Cell => ({ t: 'n', v: Number(v ?? 0), scale: 2 });
  return [
    { t: 'd', v: String(r.fecha) },
    s(r.numSerie ?? 'Borrador'),
    s(r.estado),
    s(r.cliente),
    s(r.nif),
    n(r.base),
    n(r.iva),
    n(r.recargo),
    n(r.retencion),
    n(r.total),
  ];
};

/** The documents in (date, id) keyset batches. */
export async function* documentos(s: Scope, recurso: RecursoVenta, f: Filtros): AsyncGenerator<FilaDoc[]> {
  let last: { fecha: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = last
      ? or(gt(dv.fecha, last.fecha), and(eq(dv.fecha, last.fecha), gt(dv.id, last.id)))
      : undefined;
    const rows: FilaDoc[] = await s
      .pick(SELECCION, dv, and(where(recurso, f), cursor))
      .orderBy(asc(dv.fecha), asc(dv.id))
      .limit(LOTE);
    if (!rows.length) return;
    yield rows;
    const tail: FilaDoc = rows[rows.length - 1]!;
    last = { fecha: String(tail.fecha), id: Number(tail.id) };
    if (rows.length < LOTE) return;
  }
}

export function registrarExportaciones(app: FastifyInstance, deps: AppDeps): void {
  for (const recurso of RECURSOS_VENTA) {
    const def = TIPOS_DOCUMENTO_VENTA[recurso];
    app.get(
      `${RUTA_EXPORTACIONES}/${recurso}`,
      {
        config: { access: access.permission(def.permission, 1, def.module) },
        schema: { tags: ['configuracion'], summary: `Exportar ${def.label.toLowerCase()}s` },
      },
      async (request, reply) => {
        const f = parse(request.query);
        const s = deps.scopeOf(request);
        const [c] = await s.pick({ n: sql<number>`count(*)::int` }, dv, where(recurso, f));
        const total = Number(c?.n ?? 0);
        const writer = WRITERS[f.Formato](total);
        const titulo = `${def.label === 'Albarán' ? 'Albaranes' : `${def.label}s`} del ${f.FechaDesde} al ${f.FechaHasta}`;
        return enviarFichero(
          request,
          reply,
          { tipo: writer.contentType, nombre: `${recurso}-${f.FechaDesde}-${f.FechaHasta}.${writer.extension}`, total },
          async (stream) => {
            await writer.begin(stream, titulo, COLUMNAS_DOCUMENTO, total);
            for await (const lote of documentos(s, recurso, f)) await writer.rows(lote.map(celdas));
            await writer.end();
          },
        );
      },
    );
  }
}
