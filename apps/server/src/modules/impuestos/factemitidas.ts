import { PassThrough } from 'node:stream';
import { add, dec, type FilaLibro, MSG, MSG_DATOS, sub, type TotalTipo, toFixed, ZERO } from '@faro/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { COUNT_CAP, MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Cell, Column, ExportFormat } from '../../platform/export/cells.ts';
import { htmlWriter } from '../../platform/export/htmlWriter.ts';
import { odsWriter } from '../../platform/export/odsWriter.ts';
import { pdfWriter } from '../../platform/export/pdfWriter.ts';
import type { SheetWriter } from '../../platform/export/writers.ts';
import { XLSX_STYLED_MAX, xlsxWriter } from '../../platform/export/xlsxWriter.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';

/**
 * `factemitidas`: the book of issued invoices (libro registro de facturas expedidas) for a period — one row per
 * invoice and VAT rate, as the AEAT book: date, number, customer, NIF, base, rate, quota, surcharge, and on the
 * invoice's first row its withholding; each row's total is base + quota + surcharge (− withholding), so the rows of
 * an invoice add up to its total. Issued invoices (factura, simplificada, rectificativa with a number) not
 * cancelled, of the period's invoice dates, optionally one series.
 */
const fecha = (campo: string, label: string) =>
  z
    .string({ error: MSG.required(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.format })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: MSG.format })
    .describe(campo);

export const filtrosLibro = z
  .object({
    FechaDesde: fecha('FechaDesde', 'Fecha desde'),
    FechaHasta: fecha('FechaHasta', 'Fecha hasta'),
    Serie: z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive({ error: MSG.format }).nullish(),
  })
  .refine((f) => f.FechaHasta >= f.FechaDesde, { error: MSG_DATOS.dateRange, path: ['FechaHasta'] });
export type FiltrosLibro = z.infer<typeof filtrosLibro>;

function parseFiltros(raw: Record<string, unknown>): FiltrosLibro {
  const parsed = filtrosLibro.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      400,
      MSG.formInvalid,
      parsed.error.issues.map((i) => ({ Campo: String(i.path[0] ?? 'Filtros'), Mensaje: i.message })),
    );
  }
  return parsed.data;
}

const rowsOf = (res: unknown) =>
  ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];

function where(empresaId: number, f: FiltrosLibro): SQL {
  return sql`d.empresa_id = ${empresaId} and d.tipo in ('factura', 'simplificada', 'rectificativa')
    and d.numero is not null and d.estado <> 'Anulada'
    and d.fecha >= ${f.FechaDesde} and d.fecha <= ${f.FechaHasta}
    ${f.Serie ? sql`and d.id_serie = ${f.Serie}` : sql``}`;
}

const FROM = sql`from documentos_venta d
  cross join lateral jsonb_array_elements(d.desglose) with ordinality as e(val, ord)`;

function fila(r: Record<string, unknown>): FilaLibro {
  const base = dec(String(r.base ?? '0'));
  const cuota = dec(String(r.cuota ?? '0'));
  const recargo = dec(String(r.cuota_recargo ?? '0'));
  const retencion = Number(r.ord) === 1 ? dec(String(r.total_retencion ?? '0')) : ZERO;
  return {
    Id: Number(r.id),
    Fecha: String(r.fecha).slice(0, 10),
    NumSerie: String(r.num_serie ?? ''),
    Tipo: String(r.tipo),
    ClienteNombre: String(r.cliente_nombre ?? ''),
    ClienteNIF: (r.cliente_nif as string | null) ?? null,
    Impuesto: String(r.impuesto ?? 'IVA'),
    PorcentajeIva: toFixed(dec(String(r.porc_iva ?? '0')), 2),
    Base: toFixed(base, 2),
    Cuota: toFixed(cuota, 2),
    PorcentajeRecargo: toFixed(dec(String(r.porc_recargo ?? '0')), 2),
    CuotaRecargo: toFixed(recargo, 2),
    Retencion: toFixed(retencion, 2),
    Total: toFixed(sub(add(add(base, cuota), recargo), retencion), 2),
    Exencion: (r.exencion as string | null) ?? null,
  };
}

const SELECT = sql`select d.id, d.fecha::text as fecha, d.num_serie, d.tipo, d.cliente_nombre, d.cliente_nif,
  d.total_retencion::text as total_retencion, e.ord,
  e.val->>'Impuesto' as impuesto, e.val->>'PorcentajeIva' as porc_iva, e.val->>'PorcentajeRecargo' as porc_recargo,
  e.val->>'Base' as base, e.val->>'Cuota' as cuota, e.val->>'CuotaRecargo' as cuota_recargo,
  e.val->>'Exencion' as exencion`;

async function filas(s: Scope, f: FiltrosLibro, limit: number, offset: number) {
  const res = await s.execute(
    (empresaId) =>
      sql`${SELECT} ${FROM} where ${where(empresaId, f)} order by d.fecha, d.id, e.ord limit ${limit} offset ${offset}`,
  );
  return rowsOf(res).map(fila);
}

/** Totals of the period per tax and rate (and surcharge rate), plus the grand totals with the withholdings. */
async function totales(s: Scope, f: FiltrosLibro) {
  const porTipo = rowsOf(
    await s.execute(
      (empresaId) => sql`select e.val->>'Impuesto' as impuesto,
        (e.val->>'PorcentajeIva')::numeric as porc_iva, (e.val->>'PorcentajeRecargo')::numeric as porc_recargo,
        sum((e.val->>'Base')::numeric)::text as base, sum((e.val->>'Cuota')::numeric)::text as cuota,
        sum((e.val->>'CuotaRecargo')::numeric)::text as cuota_recargo, count(*)::int as filas
      ${FROM} where ${where(empresaId, f)}
      group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ).map(
    (r): TotalTipo => ({
      Impuesto: String(r.impuesto ?? 'IVA'),
      PorcentajeIva: toFixed(dec(String(r.porc_iva ?? '0')), 2),
      PorcentajeRecargo: toFixed(dec(String(r.porc_recargo ?? '0')), 2),
      Base: toFixed(dec(String(r.base ?? '0')), 2),
      Cuota: toFixed(dec(String(r.cuota ?? '0')), 2),
      CuotaRecargo: toFixed(dec(String(r.cuota_recargo ?? '0')), 2),
    }),
  );
  const [g] = rowsOf(
    await s.execute(
      (empresaId) => sql`select count(*)::int as facturas, coalesce(sum(d.total_retencion), 0)::text as retencion,
        coalesce(sum(d.total), 0)::text as total
      from documentos_venta d where ${where(empresaId, f)}`,
    ),
  );
  const [n] = rowsOf(
    await s.execute((empresaId) => sql`select count(*)::int as n ${FROM} where ${where(empresaId, f)}`),
  );
  const suma = (k: keyof TotalTipo) =>
    toFixed(
      porTipo.reduce((s, t) => add(s, dec(t[k])), ZERO),
      2,
    );
  return {
    filas: Number(n?.n ?? 0),
    PorTipo: porTipo,
    General: {
      Facturas: Number(g?.facturas ?? 0),
      Base: suma('Base'),
      Cuota: suma('Cuota'),
      CuotaRecargo: suma('CuotaRecargo'),
      Retencion: toFixed(dec(String(g?.retencion ?? '0')), 2),
      Total: toFixed(dec(String(g?.total ?? '0')), 2),
    },
  };
}

const money = (label: string) => ({ kind: 'money' as const, label, scale: 2 });
const COLUMNAS: Column[] = [
  { key: 'Fecha', label: 'Fecha', def: { kind: 'date', label: 'Fecha' } },
  { key: 'NumSerie', label: 'Número', def: { kind: 'text', label: 'Número' } },
  { key: 'ClienteNombre', label: 'Cliente', def: { kind: 'text', label: 'Cliente' } },
  { key: 'ClienteNIF', label: 'NIF', def: { kind: 'text', label: 'NIF' } },
  { key: 'Base', label: 'Base imponible', def: money('Base imponible') },
  { key: 'PorcentajeIva', label: '% IVA', def: money('% IVA') },
  { key: 'Cuota', label: 'Cuota', def: money('Cuota') },
  { key: 'PorcentajeRecargo', label: '% Recargo', def: money('% Recargo') },
  { key: 'CuotaRecargo', label: 'Recargo', def: money('Recargo') },
  { key: 'Retencion', label: 'Retención', def: money('Retención') },
  { key: 'Total', label: 'Total', def: money('Total') },
];

const n = (v: string): Cell => ({ t: 'n', v: Number(v), scale: 2 });
const s = (v: string | null): Cell => (v ? { t: 's', v } : null);
const celdas = (r: FilaLibro): Cell[] => [
  { t: 'd', v: r.Fecha },
  s(r.NumSerie),
  s(r.ClienteNombre),
  s(r.ClienteNIF),
  n(r.Base),
  n(r.PorcentajeIva),
  n(r.Cuota),
  n(r.PorcentajeRecargo),
  n(r.CuotaRecargo),
  n(r.Retencion),
  n(r.Total),
];

const WRITERS: Record<ExportFormat, (total: number) => SheetWriter> = {
  // Styled cells cost memory per row: past the platform's threshold the sheet is written plain.
  xlsx: (total) => xlsxWriter({ styled: total <= XLSX_STYLED_MAX }),
  ods: odsWriter,
  pdf: pdfWriter,
  html: htmlWriter,
};
const BATCH = 1000;

async function exportar(scope: Scope, f: FiltrosLibro, writer: SheetWriter, out: PassThrough, total: number) {
  const t = await totales(scope, f);
  await writer.begin(out, `Facturas emitidas del ${f.FechaDesde} al ${f.FechaHasta}`, COLUMNAS, total);
  // Batches by invoice keyset: offsets would grow with the period.
  let last: { fecha: string; id: number } | null = null;
  for (;;) {
    const ids = rowsOf(
      await scope.execute(
        (empresaId) => sql`select d.id, d.fecha::text as fecha from documentos_venta d
        where ${where(empresaId, f)} ${last ? sql`and (d.fecha, d.id) > (${last.fecha}::date, ${last.id})` : sql``}
        order by d.fecha, d.id limit ${BATCH}`,
      ),
    );
    if (!ids.length) break;
    const lista = sql.join(
      ids.map((r) => sql`${Number(r.id)}`),
      sql`, `,
    );
    const rows = rowsOf(
      await scope.execute(
        (empresaId) =>
          sql`${SELECT} ${FROM} where ${where(empresaId, f)} and d.id in (${lista}) order by d.fecha, d.id, e.ord`,
      ),
    ).map(fila);
    await writer.rows(rows.map(celdas));
    const tail = ids[ids.length - 1]!;
    last = { fecha: String(tail.fecha), id: Number(tail.id) };
    if (ids.length < BATCH) break;
  }
  const vacia = (texto: string, valores: (string | null)[]): Cell[] => [
    null,
    s(texto),
    null,
    null,
    ...valores.map((v) => (v === null ? null : n(v))),
  ];
  await writer.rows([
    COLUMNAS.map(() => null),
    ...t.PorTipo.map((x) =>
      vacia(`Total ${x.Impuesto} ${x.PorcentajeIva.replace('.', ',')} %`, [
        x.Base,
        x.PorcentajeIva,
        x.Cuota,
        x.PorcentajeRecargo,
        x.CuotaRecargo,
        null,
        toFixed(add(add(dec(x.Base), dec(x.Cuota)), dec(x.CuotaRecargo)), 2),
      ]),
    ),
    vacia(`Total general (${t.General.Facturas} facturas)`, [
      t.General.Base,
      null,
      t.General.Cuota,
      null,
      t.General.CuotaRecargo,
      t.General.Retencion,
      t.General.Total,
    ]),
  ]);
  await writer.end();
}

/** `GET /api/impuestos/factemitidas/list` and `/export` (permission ImptoEmit). */
export function registerFactEmitidas(app: FastifyInstance, deps: AppDeps): void {
  const config = { access: access.permission('ImptoEmit', 1) };
  const base = '/api/impuestos/factemitidas';

  app.get(
    `${base}/list`,
    { config, schema: { tags: ['impuestos'], summary: 'Libro de facturas emitidas' } },
    async (request) => {
      const scope = deps.scopeOf(request);
      const q = parseListQuery(request.query);
      const f = parseFiltros(q.Filtros);
      const offset = Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET);
      const items = await filas(scope, f, q.TotalPagina, offset);
      const t = await totales(scope, f);
      return {
        Items: items,
        Total: Math.min(t.filas, COUNT_CAP),
        TotalLimitado: t.filas > COUNT_CAP,
        Totales: { PorTipo: t.PorTipo, General: t.General },
      };
    },
  );

  app.get(
    `${base}/export`,
    { config, schema: { tags: ['impuestos'], summary: 'Exportar el libro de facturas emitidas' } },
    async (request, reply) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const formato = z
        .enum(['xlsx', 'ods', 'pdf', 'html'])
        .default('xlsx')
        .safeParse(raw.Formato || undefined);
      if (!formato.success) throw badRequest('El formato de exportación debe ser xlsx, ods, pdf o html');
      const q = parseListQuery({ Filtros: raw.Filtros });
      const f = parseFiltros(q.Filtros);
      const scope = deps.scopeOf(request);
      const [c] = rowsOf(
        await scope.execute((empresaId) => sql`select count(*)::int as n ${FROM} where ${where(empresaId, f)}`),
      );
      const total = Number(c?.n ?? 0);
      const writer = WRITERS[formato.data](total);
      const stream = new PassThrough();
      reply
        .header('Content-Type', writer.contentType)
        .header(
          'Content-Disposition',
          `attachment; filename="factemitidas-${f.FechaDesde}-${f.FechaHasta}.${writer.extension}"`,
        )
        .header('Cache-Control', 'no-store')
        .header('X-Total-Registros', String(total));
      void exportar(scope, f, writer, stream, total)
        .then(() => stream.end())
        .catch((error) => {
          request.log.error({ err: error }, 'exportación interrumpida');
          stream.destroy(error as Error);
        });
      return reply.send(stream);
    },
  );
}
