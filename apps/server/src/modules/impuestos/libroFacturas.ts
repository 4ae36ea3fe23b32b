import { PassThrough } from 'node:stream';
import {
  add,
  dec,
  formatDate,
  formatNumber,
  isIsoDate,
  MSG,
  MSG_DATOS,
  type PermissionCode,
  toFixed,
  ZERO,
} from '@faro/domain';
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
import type { PredicadoEmpresa, Scope } from '../../platform/tenancy/scope.ts';

/**
 * The invoice books of the tax area (`factemitidas`, `factrecibidas`): one row per invoice and VAT rate (the
 * header's `desglose`), a period filter, totals per rate, the list (paged) and the export (xlsx, ods, pdf, html;
 * streamed in keyset batches). Each book declares its SQL, its row, its columns and its footer (`DefLibro`).
 */
const fecha = (campo: string, label: string) =>
  z
    .string({ error: MSG.required(label) })
    .refine(isIsoDate, { error: MSG.format })
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

export function parseFiltros(raw: Record<string, unknown>): FiltrosLibro {
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

export const rowsOf = (res: unknown) =>
  ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];

/** The rows of a header's VAT breakdown: `e.val` is one rate, `e.ord` its position (1 = the invoice's first row). */
export const DESGLOSE = sql`cross join lateral jsonb_array_elements(d.desglose) with ordinality as e(val, ord)`;

export const WRITERS: Record<ExportFormat, (total: number) => SheetWriter> = {
  // Styled cells cost memory per row: past the platform's threshold the sheet is written plain.
  xlsx: (total) => xlsxWriter({ styled: total <= XLSX_STYLED_MAX }),
  ods: odsWriter,
  pdf: pdfWriter,
  html: htmlWriter,
};
const BATCH = 1000;

const celdaImporte = (v: string): Cell => ({ t: 'n', v: Number(v), scale: 2 });
const celdaTexto = (v: string | null): Cell => (v ? { t: 's', v } : null);
const columnaImporte = (label: string) => ({ kind: 'money' as const, label, scale: 2 });

/** A column of a book's export: its header and its cell of a row (the row's field `key`, or `valor`). */
export type ColumnaLibro<F> = Column & { celda: (r: F) => Cell };
type Valor<F> = (r: F) => unknown;
const campo = (key: string) => (r: object) => Reflect.get(r, key);
const textoDe = (v: unknown) => celdaTexto(v === null || v === undefined ? null : String(v));

/**
 * The columns of a book's row type `F`: text, date and amount (2 decimals), and the amounts both books show per
 * rate (base, VAT, surcharge, withholding, total), with the book's own after the VAT and after the surcharge.
 */
export function columnasDe<F extends object>() {
  const c = {
    texto: (key: string, label: string, valor: Valor<F> = campo(key)): ColumnaLibro<F> => ({
      key,
      label,
      def: { kind: 'text', label },
      celda: (r) => textoDe(valor(r)),
    }),
    fecha: (key: string, label: string): ColumnaLibro<F> => ({
      key,
      label,
      def: { kind: 'date', label },
      celda: (r) => {
        const v = campo(key)(r);
        return v ? { t: 'd', v: String(v) } : null;
      },
    }),
    importe: (key: string, label: string): ColumnaLibro<F> => ({
      key,
      label,
      def: columnaImporte(label),
      celda: (r) => celdaImporte(String(campo(key)(r))),
    }),
  };
  const importesIva = (trasCuota: ColumnaLibro<F>[] = [], trasRecargo: ColumnaLibro<F>[] = []) => [
    c.importe('Base', 'Base imponible'),
    c.importe('PorcentajeIva', '% IVA'),
    c.importe('Cuota', 'Cuota'),
    ...trasCuota,
    c.importe('PorcentajeRecargo', '% Recargo'),
    c.importe('CuotaRecargo', 'Recargo'),
    ...trasRecargo,
    c.importe('Retencion', 'Retención'),
    c.importe('Total', 'Total'),
  ];
  return { ...c, importesIva };
}
/**
 * The footer rows of an export: each a label and the values under the amount columns (an object's fields named as
 * the columns; a missing one is an empty cell, and none is written after the last value).
 */
function pieDe<F>(columnas: readonly ColumnaLibro<F>[], filas: [string, object][]): Cell[][] {
  const desde = columnas.findIndex((c) => c.def.kind === 'money');
  return filas.map(([etiqueta, valores]) => {
    const v = columnas.slice(desde).map((c) => {
      const x = Reflect.get(valores, c.key);
      return typeof x === 'string' ? x : null;
    });
    while (v.length && v.at(-1) === null) v.pop();
    return filaPie(desde - 2, etiqueta, v);
  });
}

/** The footer of the rates and the grand total (`porTipo`: a rate's values, its own by default). */
export function pieDeTotales<X extends { Impuesto: string; PorcentajeIva: string }>(
  t: { PorTipo: X[]; General: { Facturas: number } },
  porTipo: (x: X) => object = (x) => x,
): [string, object][] {
  return [
    ...t.PorTipo.map((x): [string, object] => [etiquetaTipo(x), porTipo(x)]),
    [etiquetaGeneral(t.General.Facturas), t.General],
  ];
}

/** The cells of a row in the order of the columns. */
const celdasDe =
  <F>(columnas: readonly ColumnaLibro<F>[]) =>
  (r: F): Cell[] =>
    columnas.map((c) => c.celda(r));

/** A footer row of an export: empty first cell, the label, `huecos` empty cells, then the amounts (null: empty). */
const filaPie = (huecos: number, etiqueta: string, valores: (string | null)[]): Cell[] => [
  null,
  celdaTexto(etiqueta),
  ...Array.from({ length: huecos }, () => null),
  ...valores.map((v) => (v === null ? null : celdaImporte(v))),
];
/** The footer labels: one rate's total, the grand total. */
const etiquetaTipo = (x: { Impuesto: string; PorcentajeIva: string }) =>
  `Total ${x.Impuesto} ${formatNumber(x.PorcentajeIva)} %`;
const etiquetaGeneral = (facturas: number) => `Total general (${facturas} facturas)`;

const dos = (v: unknown) => toFixed(dec(String(v ?? '0')), 2);
const porCampo = <K extends string>(ks: readonly K[], v: (k: K) => string) =>
  Object.fromEntries(ks.map((k) => [k, v(k)])) as Record<K, string>;

/**
 * A book's totals: per tax and rate the sums of its rows' `importes`; the grand totals: the number of invoices, the
 * rates' sums added and the sums of the headers' `cabecera` amounts; and the number of rows.
 */
export async function totalesLibro<K extends string, G extends string>(
  s: Scope,
  f: FiltrosLibro,
  libro: Pick<DefLibro<unknown, { filas: number }>, 'cabeceras' | 'where'>,
  importes: Record<K, SQL>,
  cabecera: Record<G, SQL>,
) {
  const ks = Object.keys(importes) as K[];
  const gs = Object.keys(cabecera) as G[];
  const porTipo = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select e.val->>'Impuesto' as impuesto,
        (e.val->>'PorcentajeIva')::numeric as porc_iva, (e.val->>'PorcentajeRecargo')::numeric as porc_recargo,
        ${sql.join(
          ks.map((k) => sql`sum(${importes[k]})::text as ${sql.identifier(k)}`),
          sql`, `,
        )}
      from ${libro.cabeceras} ${DESGLOSE} where ${libro.where(de, f)}
      group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ).map((r) => ({
    Impuesto: String(r.impuesto ?? 'IVA'),
    PorcentajeIva: dos(r.porc_iva),
    PorcentajeRecargo: dos(r.porc_recargo),
    ...porCampo(ks, (k) => dos(r[k])),
  }));
  const [g] = rowsOf(
    await s.execute(
      (_empresaId, de) =>
        sql`select count(*)::int as facturas, ${sql.join(
          gs.map((k) => sql`coalesce(sum(${cabecera[k]}), 0)::text as ${sql.identifier(k)}`),
          sql`, `,
        )} from ${libro.cabeceras} where ${libro.where(de, f)}`,
    ),
  );
  const [c] = rowsOf(
    await s.execute(
      (_empresaId, de) =>
        sql`select count(*)::int as n from ${libro.cabeceras} ${DESGLOSE} where ${libro.where(de, f)}`,
    ),
  );
  const suma = (k: K) =>
    toFixed(
      porTipo.reduce((a, t) => add(a, dec(t[k])), ZERO),
      2,
    );
  return {
    filas: Number(c?.n ?? 0),
    PorTipo: porTipo,
    General: { Facturas: Number(g?.facturas ?? 0), ...porCampo(ks, suma), ...porCampo(gs, (k) => dos(g?.[k])) },
  };
}

/** What makes one book. `F` is its row, `T` its totals (with the number of rows, `filas`). */
export interface DefLibro<F, T extends { filas: number }> {
  /** /api/impuestos/<ruta>/list|export */
  ruta: string;
  permiso: PermissionCode;
  resumen: string;
  /** The export's title: `${titulo} del {FechaDesde} al {FechaHasta}`, the dates as dd/mm/aaaa. */
  titulo: string;
  /** The headers (alias `d`) and whatever they join, without the breakdown: `documentos_venta d`. */
  cabeceras: SQL;
  where: (de: PredicadoEmpresa, f: FiltrosLibro) => SQL;
  /** Selected columns over `cabeceras` + DESGLOSE. */
  select: SQL;
  fila: (r: Record<string, unknown>) => F;
  totales: (s: Scope, f: FiltrosLibro) => Promise<T>;
  /** The list's `Totales` from the totals. */
  totalesJson: (t: T) => Record<string, unknown>;
  /** Columns of an export layout (`Modelo` in the query; the first is the default). */
  /** An export layout's columns (each with its cell of a row) and its footer rows (`pieDe`). */
  modelos: Record<string, { columnas: ColumnaLibro<F>[]; pie: (t: T) => [string, object][] }>;
}

/** The rows of a page of the book (in date and invoice order, one per rate). */
async function filas<F, T extends { filas: number }>(
  def: DefLibro<F, T>,
  s: Scope,
  f: FiltrosLibro,
  limit: number,
  offset: number,
): Promise<F[]> {
  const res = await s.execute(
    (_empresaId, de) =>
      sql`${def.select} from ${def.cabeceras} ${DESGLOSE} where ${def.where(de, f)}
        order by d.fecha, d.id, e.ord limit ${limit} offset ${offset}`,
  );
  return rowsOf(res).map(def.fila);
}

async function exportar<F, T extends { filas: number }>(
  def: DefLibro<F, T>,
  modelo: DefLibro<F, T>['modelos'][string],
  scope: Scope,
  f: FiltrosLibro,
  writer: SheetWriter,
  out: PassThrough,
) {
  const t = await def.totales(scope, f);
  const titulo = `${def.titulo} del ${formatDate(f.FechaDesde)} al ${formatDate(f.FechaHasta)}`;
  await writer.begin(out, titulo, modelo.columnas, t.filas);
  // Batches by invoice keyset: offsets would grow with the period.
  let last: { fecha: string; id: number } | null = null;
  for (;;) {
    const ids = rowsOf(
      await scope.execute(
        (_empresaId, de) => sql`select d.id, d.fecha::text as fecha from ${def.cabeceras}
        where ${def.where(de, f)} ${last ? sql`and (d.fecha, d.id) > (${last.fecha}::date, ${last.id})` : sql``}
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
        (_empresaId, de) =>
          sql`${def.select} from ${def.cabeceras} ${DESGLOSE} where ${def.where(de, f)} and d.id in (${lista})
            order by d.fecha, d.id, e.ord`,
      ),
    ).map(def.fila);
    await writer.rows(rows.map(celdasDe(modelo.columnas)));
    const tail = ids[ids.length - 1]!;
    last = { fecha: String(tail.fecha), id: Number(tail.id) };
    if (ids.length < BATCH) break;
  }
  await writer.rows([modelo.columnas.map(() => null), ...pieDe(modelo.columnas, modelo.pie(t))]);
  await writer.end();
}

/** `GET {ruta}/list` (paged rows + totals) and `GET {ruta}/export?Formato=xlsx|ods|pdf|html&Modelo=…`. */
export function registrarLibro<F, T extends { filas: number }>(
  app: FastifyInstance,
  deps: AppDeps,
  def: DefLibro<F, T>,
): void {
  const config = { access: access.permission(def.permiso, 1) };
  const base = `/api/impuestos/${def.ruta}`;
  const modelos = Object.keys(def.modelos);

  app.get(`${base}/list`, { config, schema: { tags: ['impuestos'], summary: def.resumen } }, async (request) => {
    const scope = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const f = parseFiltros(q.Filtros);
    const offset = Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET);
    const items = await filas(def, scope, f, q.TotalPagina, offset);
    const t = await def.totales(scope, f);
    return {
      Items: items,
      Total: Math.min(t.filas, COUNT_CAP),
      TotalLimitado: t.filas > COUNT_CAP,
      Totales: def.totalesJson(t),
    };
  });

  app.get(
    `${base}/export`,
    { config, schema: { tags: ['impuestos'], summary: `Exportar: ${def.resumen.toLowerCase()}` } },
    async (request, reply) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const formato = z
        .enum(['xlsx', 'ods', 'pdf', 'html'])
        .default('xlsx')
        .safeParse(raw.Formato || undefined);
      if (!formato.success) throw badRequest('El formato de exportación debe ser xlsx, ods, pdf o html');
      const modelo = z
        .enum(modelos as [string, ...string[]])
        .default(modelos[0]!)
        .safeParse(raw.Modelo || undefined);
      if (!modelo.success) throw badRequest(`El modelo de exportación debe ser ${modelos.join(' o ')}`);
      const q = parseListQuery({ Filtros: raw.Filtros });
      const f = parseFiltros(q.Filtros);
      const scope = deps.scopeOf(request);
      const [c] = rowsOf(
        await scope.execute(
          (_empresaId, de) =>
            sql`select count(*)::int as n from ${def.cabeceras} ${DESGLOSE} where ${def.where(de, f)}`,
        ),
      );
      const total = Number(c?.n ?? 0);
      const writer = WRITERS[formato.data](total);
      const stream = new PassThrough();
      const sufijo = modelo.data === modelos[0] ? '' : `-${modelo.data}`;
      reply
        .header('Content-Type', writer.contentType)
        .header(
          'Content-Disposition',
          `attachment; filename="${def.ruta}${sufijo}-${f.FechaDesde}-${f.FechaHasta}.${writer.extension}"`,
        )
        .header('Cache-Control', 'no-store')
        .header('X-Total-Registros', String(total));
      void exportar(def, def.modelos[modelo.data]!, scope, f, writer, stream)
        .then(() => stream.end())
        .catch((error) => {
          request.log.error({ err: error }, 'exportación interrumpida');
          stream.destroy(error as Error);
        });
      return reply.send(stream);
    },
  );
}
