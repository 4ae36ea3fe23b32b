import type { LineaEmitida, LineaRecibida } from '@faro/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PredicadoEmpresa, Scope } from '../../../platform/tenancy/scope.ts';
import { libroEmitidas } from '../factemitidas.ts';
import { libroRecibidas } from '../factrecibidas.ts';
import { DESGLOSE, type FiltrosLibro, rowsOf } from '../libroFacturas.ts';

/**
 * The rows the tax models read: the invoice books' own rows (factemitidas / factrecibidas: their SQL, filter and
 * row) with the few columns a model needs besides (corrective invoices and the date of the invoice corrected, the
 * party's country and postal code, an expense's accounting category: 2xx = investment goods).
 */
const txt = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * 349's goods/services criterion: the part of a row's base that is services = its base × the share of the
 * invoice's lines (by amount) whose product is of kind `servicio` (free-text lines count as goods). Only computed
 * for the rows 349 reads (intra-EU deliveries E5, intra-EU acquisitions).
 */
const parteServicios = (
  lineas: string,
  de: PredicadoEmpresa,
  base = sql`(e.val->>'Base')::numeric`,
) => sql`(select round(${base}
    * coalesce(sum(l.importe) filter (where p.tipo = 'servicio'), 0) / nullif(sum(l.importe), 0), 2)::text
  from ${sql.raw(lineas)} l left join productos p on ${de('p')} and p.id = l.id_producto
  where ${de('l')} and l.id_documento = d.id)`;

/** Whether a row's invoice is corrective, and the date of the invoice it corrects, per book. */
export const RECTIFICATIVA = {
  emitidas: {
    es: sql`d.tipo = 'rectificativa'`,
    fecha: (de: PredicadoEmpresa) =>
      sql`(select r.fecha from documentos_venta r where ${de('r')} and r.id = d.id_rectificada)`,
  },
  recibidas: {
    es: sql`(d.id_rectificada is not null or d.tipo_rectificativa is not null)`,
    fecha: (de: PredicadoEmpresa) =>
      sql`(select r.fecha from documentos_compra r where ${de('r')} and r.id = d.id_rectificada)`,
  },
} as const;
export type Libro = keyof typeof RECTIFICATIVA;

/** The columns a model reads besides the book's own (the party's country and postal code, the correction). */
export const EXTRAS = {
  emitidas: (de: PredicadoEmpresa) => sql`d.cliente_pais as pais, d.cliente_cod_postal as cod_postal,
    ${RECTIFICATIVA.emitidas.es} as rectificativa, ${RECTIFICATIVA.emitidas.fecha(de)}::text as fecha_rectificada`,
  recibidas: (de: PredicadoEmpresa) => sql`d.proveedor_pais as pais, d.proveedor_cod_postal as cod_postal,
    x.categoria, ${RECTIFICATIVA.recibidas.es} as rectificativa,
    ${RECTIFICATIVA.recibidas.fecha(de)}::text as fecha_rectificada`,
} as const;

/** What every model reads of a row of either book: the fields both books name alike, and `EXTRAS`. */
function deLaFila(
  r: Record<string, unknown>,
  x: Pick<
    LineaEmitida,
    'Id' | 'Fecha' | 'Impuesto' | 'PorcentajeIva' | 'Base' | 'Cuota' | 'CuotaRecargo' | 'Retencion'
  >,
) {
  const { Id, Fecha, Impuesto, PorcentajeIva, Base, Cuota, CuotaRecargo, Retencion } = x;
  return {
    Id,
    Fecha,
    Pais: txt(r.pais),
    CodPostal: txt(r.cod_postal),
    Rectificativa: Boolean(r.rectificativa),
    FechaRectificada: txt(r.fecha_rectificada),
    Impuesto,
    PorcentajeIva,
    Base,
    Cuota,
    CuotaRecargo,
    Retencion,
    BaseServicios: txt(r.base_servicios) ?? undefined,
  };
}

/** An issued book's row (selected with `EXTRAS.emitidas`) as the models read it. */
export function lineaEmitida(r: Record<string, unknown>): LineaEmitida {
  const x = libroEmitidas.fila(r);
  const { NumSerie, ClienteNombre: Tercero, ClienteNIF: NIF, PorcentajeRecargo, Exencion } = x;
  return { ...deLaFila(r, x), NumSerie, Tercero, NIF, PorcentajeRecargo, Exencion };
}

/** A received book's row (selected with `EXTRAS.recibidas`) as the models read it. */
export function lineaRecibida(r: Record<string, unknown>): LineaRecibida {
  const x = libroRecibidas.fila(r);
  const { FechaFactura, NumRegistro, ProveedorNombre, ProveedorNIF, Operacion, CuotaDeducible } = x;
  return {
    ...deLaFila(r, x),
    FechaFactura,
    NumSerie: NumRegistro,
    Tercero: ProveedorNombre,
    NIF: ProveedorNIF,
    Operacion,
    CuotaDeducible,
    CuotaAutoliquidada: x.CuotaAutoliquidada,
    ClaveRetencion: x.ClaveRetencion,
    BienInversion: String(r.categoria ?? '').startsWith('2'),
  };
}

/** An intra-EU row's services part, per book (the row path's text; `servicios` is the grouped path's number). */
const SERVICIOS_FILA = {
  emitidas: (de: PredicadoEmpresa) =>
    sql`case when e.val->>'Exencion' = 'E5' then ${parteServicios('documentos_venta_lineas', de)} end`,
  recibidas: (de: PredicadoEmpresa) => sql`case when x.operacion = 'intracomunitaria' then
    case when d.tipo = 'gasto' then (case when coalesce(x.categoria, '') ~ '^(2|60)' then '0' else e.val->>'Base' end)
    else ${parteServicios('documentos_compra_lineas', de)} end end`,
} as const;

/** The rows of a book in a period (in book order); with `g`, a page of the rows of some groups. */
async function lineas(s: Scope, libro: Libro, desde: string, hasta: string, g?: FiltroGrupos) {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const L = libro === 'emitidas' ? libroEmitidas : libroRecibidas;
  return rowsOf(
    await s.execute((_empresaId, de) => {
      const clave: Clave = libro === 'emitidas' ? claveEmitida : claveRecibida;
      return sql`${L.select}, ${EXTRAS[libro](de)}, ${SERVICIOS_FILA[libro](de)} as base_servicios
        ${g ? sql`, ${enGrupos(clave, g.periodo, g.prorrata)} as en_periodo` : sql``}
      from ${L.cabeceras} ${g ? sql`${TIPADO_Y_JSON(libro)} ${IMPORTES[libro](de)}` : DESGLOSE} where ${L.where(de, f)} ${g ? sql`and ${deGrupos(clave, g)}` : sql``}
      order by d.fecha, d.id, e.ord ${g ? sql`limit ${g.limit} offset ${g.offset}` : sql``}`;
    }),
  );
}
const enPeriodo = (r: Record<string, unknown>, g?: FiltroGrupos) => (g ? { EnPeriodo: Boolean(r.en_periodo) } : {});

export async function lineasEmitidas(
  s: Scope,
  desde: string,
  hasta: string,
  g?: FiltroGrupos,
): Promise<(LineaEmitida & EnPeriodo)[]> {
  return (await lineas(s, 'emitidas', desde, hasta, g)).map((r) => ({ ...lineaEmitida(r), ...enPeriodo(r, g) }));
}

/** An expense bought in another EU country counts as a service unless its category is goods (2xx, 60x). */
export async function lineasRecibidas(
  s: Scope,
  desde: string,
  hasta: string,
  g?: FiltroGrupos,
): Promise<(LineaRecibida & EnPeriodo)[]> {
  return (await lineas(s, 'recibidas', desde, hasta, g)).map((r) => ({ ...lineaRecibida(r), ...enPeriodo(r, g) }));
}

/**
 * 347: cash received per customer NIF in the year — the collections of issued invoices into a treasury account of
 * kind `caja` (the domain keeps those over 6,000 €).
 */
export async function metalicoPorNif(s: Scope, anyo: number): Promise<Record<string, string>> {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select upper(trim(d.cliente_nif)) as nif, sum(c.importe)::text as importe
      from cobros_venta c
        join tesoreria t on ${de('t')} and t.id = c.id_tesoreria
        join documentos_venta d on ${de('d')} and d.id = c.id_factura
      where ${de('c')} and t.tipo = 'caja' and coalesce(trim(d.cliente_nif), '') <> ''
        and c.fecha >= ${`${anyo}-01-01`} and c.fecha <= ${`${anyo}-12-31`}
      group by 1`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [String(r.nif), String(r.importe)]));
}

/** The numbers of the issued invoices of the period per series and year, cancelled ones too (gaps in series). */
export async function numeracion(s: Scope, desde: string, hasta: string) {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select coalesce(sr.codigo, d.id_serie::text, '') as serie, d.anyo, d.numero
      from documentos_venta d left join series sr on ${de('sr')} and sr.id = d.id_serie
      where ${de('d')} and d.tipo in ('factura', 'simplificada', 'rectificativa')
        and d.numero is not null and d.fecha >= ${desde} and d.fecha <= ${hasta}`,
    ),
  );
  return rows.map((r) => ({ Serie: String(r.serie), Anyo: Number(r.anyo), Numero: Number(r.numero) }));
}

// ── the books' rows grouped (303 and 390) ─────────────────────────────────────────────────────────────────────
/**
 * 303 and 390 read the books grouped in SQL: one group per combination of everything the domain's classifier
 * (`modelo303`, `modelo390`, the 347 the last 303 asks about) reads of a row, with the amounts summed. A group is a
 * row with summed amounts and goes through the same classifier, so the boxes are those of the rows to the cent
 * (`grupos.test.ts` compares both over generated books). What keeps a group exact:
 *   - the classifier's `x ≠ 0` tests (recargo, self-assessed VAT, the deductible part, the base, a withholding) see
 *     the same answer for the group as for each of its rows: the rows of a group share the sign of those amounts;
 *   - what is computed per row and rounded (the pro-rata, a partly deductible row's base, an intra-EU row split into
 *     goods and services) is never summed: such a row stays a group of its own (`suelta`), as does a received
 *     invoice dated by its supplier in another month (its "fuera de periodo" warning names it);
 *   - the book date is kept by month (quarters, the year's page 04 and 347's quarters are unions of months).
 * Every group carries its key (`Grupo`), so a box's trace lists groups and the drill-down (`filasDeCasilla`) reads the
 * rows of those groups, a page at a time.
 */
export interface OpcionesGrupos {
  /** The year's groups for the last 303's page 04 and its 347 question: by third party and quarter. */
  porTercero?: boolean;
  /** The pro-rata the deductions are computed with (1–100): below 100 every received row is its own group. */
  prorrata?: number;
}

/**
 * The grouped reads of a model run in one transaction, planned for what they are. The planner counts 100 rows for
 * every invoice's `jsonb_array_elements` (1 or 2 in fact), so a year's rows look like millions and their groups like
 * as many: past JIT's cost thresholds PostgreSQL spends seconds compiling machine code for a query that runs in a
 * fraction of that, so JIT is off. With `hash` (every model's grouped read: one GROUP BY each) it would also sort
 * the rows on disk to group them where a hash table of the real groups fits in memory: sorting only where nothing
 * else can, and room for the hash (not for a drill-down's page of rows, read in book order). One transaction also
 * reads every group of the model from the same snapshot. (PGlite has no JIT; the settings are plain PostgreSQL.)
 */
export function leerAgrupado<T>(s: Scope, leer: (t: Scope) => Promise<T>, hash = true): Promise<T> {
  return s.tx(async (t) => {
    await t.execute(() =>
      hash
        ? sql`select set_config('jit', 'off', true), set_config('enable_sort', 'off', true),
            set_config('work_mem', '32MB', true)`
        : sql`select set_config('jit', 'off', true)`,
    );
    return leer(t);
  });
}

export const signo = (x: SQL) => sql`sign(coalesce(${x}, 0))`;
/** A breakdown row's amount or rate from its JSON (`e.val`), 0 when missing. */
export const numero = (campo: string) => sql`coalesce((e.val->>${campo})::numeric, 0)`;

/**
 * The fields of a breakdown row the grouped 303 / 390 read, per book: `jsonb_to_recordset` parses each row once into
 * typed columns (`e."Base"`), where every `e.val->>'Base'` would look the key up and parse the number again (a
 * row's base alone is read by its key, its sign and its sum). The same text goes through the same numeric input as
 * the row path's `(e.val->>'Base')::numeric`, so the amounts are the same to the cent, and a value that cannot be
 * read fails alike. Only what the reads use is declared (a field nobody reads is never parsed).
 */
const CAMPOS = {
  emitidas: [
    ['Impuesto', 'text'],
    ['PorcentajeIva', 'numeric'],
    ['Base', 'numeric'],
    ['Cuota', 'numeric'],
    ['PorcentajeRecargo', 'numeric'],
    ['CuotaRecargo', 'numeric'],
    ['Exencion', 'text'],
  ],
  recibidas: [
    ['Impuesto', 'text'],
    ['PorcentajeIva', 'numeric'],
    ['Base', 'numeric'],
    ['Cuota', 'numeric'],
    ['CuotaRecargo', 'numeric'],
  ],
} as const satisfies Record<Libro, readonly (readonly [string, string])[]>;
const tipos = (libro: Libro) => sql.raw(CAMPOS[libro].map(([c, t]) => `"${c}" ${t}`).join(', '));
const nombres = (libro: Libro) => sql.raw(CAMPOS[libro].map(([c]) => `"${c}"`).join(', '));
/** A book's breakdown rows as typed columns (`e."Base"`, `e.ord`): what the grouped reads group and sum. */
const TIPADO = (libro: Libro) =>
  sql`cross join lateral rows from (jsonb_to_recordset(d.desglose) as (${tipos(libro)})) with ordinality as e(${nombres(libro)}, ord)`;
/** The same rows with their JSON beside (`e.val`, the books' own columns read it): the drill-down's rows. */
const TIPADO_Y_JSON = (libro: Libro) =>
  sql`cross join lateral rows from (jsonb_array_elements(d.desglose), jsonb_to_recordset(d.desglose) as (${tipos(libro)}))
    with ordinality as e(val, ${nombres(libro)}, ord)`;
/** A typed field of the breakdown row (`e."Base"`), and as an amount (0 when missing). */
const campo = (c: string) => sql.raw(`e."${c}"`);
const importe = (c: string) => sql`coalesce(${campo(c)}, 0)`;

/** A group's key part by part: its column name in the grouped query and its value on a row. */
type Partes = [string, SQL][];
/**
 * A date's month (quarter): truncated as a calendar date (`timestamp`), not as an instant in the session's time zone
 * (`date_trunc` of a `date` converts it to `timestamptz` first and looks the zone up on every row); the same date.
 */
const alMes = (fecha: SQL, unidad: 'month' | 'quarter' = 'month') =>
  sql`date_trunc(${sql.raw(`'${unidad}'`)}, (${fecha})::timestamp)::date`;
const mesOTrimestre = (o: OpcionesGrupos) => alMes(sql`d.fecha`, o.porTercero ? 'quarter' : 'month');
/** A key as text: one JSON array of its tag ('p' the period's groups by month, 'a' the year's by third party) and parts. */
const claveDe = (o: OpcionesGrupos, partes: Partes) =>
  sql`json_build_array(${sql.raw(o.porTercero ? "'a'" : "'p'")}, ${sql.join(
    partes.map(([, x]) => x),
    sql`, `,
  )})::text`;

/**
 * What an issued row's group shares. The year's groups by third party feed only page 04 (base per exemption) and
 * the 347 question (a party's total per quarter, without what 347 leaves out): they share just that.
 */
const partesEmitida = (o: OpcionesGrupos): Partes =>
  o.porTercero
    ? [
        ['mes', mesOTrimestre(o)],
        ['impuesto', campo('Impuesto')],
        ['exencion', campo('Exencion')],
        ['nif', sql`upper(trim(d.cliente_nif))`],
      ]
    : [
        ['mes', mesOTrimestre(o)],
        ['impuesto', campo('Impuesto')],
        ['porc_iva', sql`round(${importe('PorcentajeIva')}, 2)`],
        ['porc_recargo', sql`round(${importe('PorcentajeRecargo')}, 2)`],
        ['exencion', campo('Exencion')],
        ['rectificativa', sql`d.tipo = 'rectificativa'`],
        ['s_base', signo(importe('Base'))],
        ['s_recargo', signo(importe('CuotaRecargo'))],
        ['nif', sql`null::text`],
      ];
const claveEmitida = (o: OpcionesGrupos) => claveDe(o, partesEmitida(o));

// The received book's per-row amounts (factrecibidas.ts's AUTO and DEDUCIBLE, as the row path reads them).
const autoDe = (base: SQL) => sql`(case when x.operacion in ('intracomunitaria', 'inversion')
  then round(${base} * coalesce(x.porc_autoliquidacion, 21) / 100, 2) else 0 end)`;
export const AUTO_R = autoDe(numero('Base'));
const deducibleDe = (cuota: SQL, auto: SQL) =>
  sql`round((${cuota} + ${auto}) * (100 - coalesce(x.porc_no_deducible, 0)) / 100, 2)`;
export const DEDUCIBLE_R = deducibleDe(numero('Cuota'), AUTO_R);
/** An intra-EU row's services part (the row path's `base_servicios`); `base`: the row's base as read. */
export const servicios = (de: PredicadoEmpresa, base = sql`(e.val->>'Base')::numeric`) => sql`case
  when x.operacion = 'intracomunitaria' then
    case when d.tipo = 'gasto' then (case when coalesce(x.categoria, '') ~ '^(2|60)' then 0 else coalesce(${base}, 0) end)
    else coalesce(${parteServicios('documentos_compra_lineas', de, base)}::numeric, 0) end end`;

/** A row's services part as a number, per book (null outside intra-EU rows). */
export const SERVICIOS = {
  emitidas: (de: PredicadoEmpresa) =>
    sql`case when e.val->>'Exencion' = 'E5' then coalesce(${parteServicios('documentos_venta_lineas', de)}::numeric, 0) end`,
  recibidas: servicios,
} as const;

/**
 * A received row's amounts, computed once per row (`offset 0` keeps PostgreSQL from copying each expression into
 * every place that reads it: the key, the "kept alone" test, the sums): `v.base`, `v.cuota`, `v.auto` (VAT
 * self-assessed), `v.serv` (the intra-EU services part) and `w.ded` (the deductible VAT).
 */
const IMPORTES_R = (de: PredicadoEmpresa) => sql`cross join lateral (select ${importe('Base')} as base,
    ${importe('Cuota')} as cuota, ${autoDe(importe('Base'))} as auto, ${servicios(de, campo('Base'))} as serv offset 0) v
  cross join lateral (select ${deducibleDe(sql`v.cuota`, sql`v.auto`)} as ded offset 0) w`;

/**
 * What a received row's group shares (over `IMPORTES_R`). The year's groups by third party feed only the 347
 * question: a party's total per quarter, without intra-EU acquisitions, imports and invoices with a withholding.
 */
function partesRecibida(o: OpcionesGrupos): Partes {
  if (o.porTercero)
    return [
      ['mes', mesOTrimestre(o)],
      ['operacion', sql`coalesce(x.operacion, 'interior')`],
      ['s_retencion', sql`sign(d.total_retencion)`],
      ['nif', sql`upper(trim(d.proveedor_nif))`],
    ];
  const suelta = sql`case when ${sql.raw((o.prorrata ?? 100) !== 100 ? 'true' : 'false')}
      or w.ded <> v.cuota + v.auto
      or ${alMes(sql`coalesce(d.fecha_tercero, d.fecha)`)} <> ${alMes(sql`d.fecha`)}
      or v.serv not in (0, v.base)
    then d.id || '-' || e.ord end`;
  return [
    ['mes', mesOTrimestre(o)],
    ['impuesto', campo('Impuesto')],
    ['porc_iva', sql`round(${importe('PorcentajeIva')}, 2)`],
    ['operacion', sql`coalesce(x.operacion, 'interior')`],
    ['rectificativa', sql`d.id_rectificada is not null or d.tipo_rectificativa is not null`],
    ['inversion', sql`coalesce(x.categoria, '') like '2%'`],
    ['s_base', signo(sql`v.base`)],
    ['s_auto', signo(sql`v.auto`)],
    ['s_deducible', signo(sql`w.ded`)],
    ['s_retencion', sql`sign(d.total_retencion)`],
    ['sin_servicios', sql`v.serv = 0`],
    ['suelta', suelta],
    ['nif', sql`null::text`],
  ];
}
const claveRecibida = (o: OpcionesGrupos) => claveDe(o, partesRecibida(o));
/** What a book's rows need joined for their key to be computed (`IMPORTES_R` for the received one). */
const IMPORTES = { emitidas: (_de: PredicadoEmpresa) => sql``, recibidas: IMPORTES_R } as const;

/**
 * The groups of a book: grouped by the key's parts (hashing a few columns costs less than building and hashing the
 * JSON text of every row), the key built once per group from them, the groups in the order of their first rows (two
 * groups of one invoice's rows by their keys, so any reading of the same groups gives the same order).
 */
function agrupar(o: OpcionesGrupos, partes: Partes, deFilas: Partes, agregados: SQL, filas: SQL): SQL {
  const columnas = partes.map(([n]): [string, SQL] => [n, sql.raw(`g.${n}`)]);
  const enClave = new Set(partes.map(([n]) => n));
  // What a group reads of its rows besides its key (the year's groups: fields the classifier does not read there).
  const resto = deFilas.filter(([n]) => !enClave.has(n));
  // The rates also as text, as the books write them ('21.00'), whatever the driver makes of a numeric.
  const textos = [...partes, ...resto]
    .filter(([n]) => n.startsWith('porc_'))
    .map(([n]) => sql.raw(`g.${n}::text as ${n}_texto`));
  return sql`select ${claveDe(o, columnas)} as clave, ${sql.join(textos, sql`, `)}, g.* from (select ${sql.join(
    [...partes, ...resto].map(([n, x]) => sql`${x} as ${sql.raw(n)}`),
    sql`, `,
  )}, ${agregados} ${filas} group by ${sql.raw(partes.map((_, i) => i + 1).join(', '))}) g order by g.fecha, g.id, clave`;
}

const suma = (x: SQL) => sql`coalesce(sum(${x}), 0)::numeric(16, 2)::text`;
const imp = (v: unknown) => String(v ?? '0.00');

/** The issued book's groups of a period (with `Grupo` and `Filas`). */
export async function gruposEmitidas(
  s: Scope,
  desde: string,
  hasta: string,
  o: OpcionesGrupos = {},
): Promise<LineaEmitida[]> {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const L = libroEmitidas;
  const rows = rowsOf(
    await s.execute((_empresaId, de) =>
      agrupar(
        o,
        partesEmitida(o),
        [
          ['porc_iva', sql`min(round(${importe('PorcentajeIva')}, 2))`],
          ['porc_recargo', sql`min(round(${importe('PorcentajeRecargo')}, 2))`],
          ['rectificativa', sql`bool_or(d.tipo = 'rectificativa')`],
        ],
        sql`count(*)::int as filas, min(d.id) as id, min(d.fecha)::text as fecha, min(d.num_serie) as num_serie,
            min(d.cliente_nombre) as tercero, ${suma(importe('Base'))} as base, ${suma(importe('Cuota'))} as cuota,
            ${suma(importe('CuotaRecargo'))} as cuota_recargo`,
        sql`from ${L.cabeceras} ${TIPADO('emitidas')} where ${L.where(de, f)}`,
      ),
    ),
  );
  return rows.map((r, i) => ({
    Id: -(i + 1),
    Fecha: mesDe(r.fecha, o),
    NumSerie: String(r.num_serie ?? ''),
    Tercero: String(r.tercero ?? ''),
    NIF: o.porTercero ? txt(r.nif) : null,
    Rectificativa: Boolean(r.rectificativa),
    Impuesto: String(r.impuesto ?? 'IVA'),
    PorcentajeIva: imp(r.porc_iva_texto),
    Base: imp(r.base),
    Cuota: imp(r.cuota),
    PorcentajeRecargo: imp(r.porc_recargo_texto),
    CuotaRecargo: imp(r.cuota_recargo),
    Exencion: (r.exencion as string | null) ?? null,
    // The withholding is not read by 303 / 390 (130 reads the rows).
    Retencion: '0.00',
    Grupo: String(r.clave),
    Filas: Number(r.filas),
  }));
}

/**
 * The rows of some groups (a box's trace), a page at a time: `periodo` are keys of the period's groups, `anyo` of
 * the year's groups by third party; each row says which (`EnPeriodo`), so the drill-down classifies it in its place.
 */
export interface FiltroGrupos {
  periodo: readonly string[];
  anyo: readonly string[];
  /** The pro-rata the groups were made with (it decides which rows stay alone). */
  prorrata: number;
  limit: number;
  offset: number;
}
/** A row read for a drill-down: whether it belongs to one of the period's groups (else to one of the year's). */
export type EnPeriodo = { EnPeriodo?: boolean };
type Clave = (o: OpcionesGrupos) => SQL;
const lista = (claves: readonly string[]) =>
  claves.length
    ? sql`(${sql.join(
        claves.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql`(null)`;
const enGrupos = (clave: Clave, claves: readonly string[], prorrata?: number) =>
  sql`coalesce(${clave({ prorrata })} in ${lista(claves)}, false)`;
const deGrupos = (clave: Clave, g: FiltroGrupos) =>
  sql`(${enGrupos(clave, g.periodo, g.prorrata)} or ${clave({ porTercero: true, prorrata: g.prorrata })} in ${lista(g.anyo)})`;

/** How many rows the groups of a box hold, per book. */
export async function cuantasFilas(
  s: Scope,
  desde: string,
  hasta: string,
  g: { emitidas: FiltroGrupos; recibidas: FiltroGrupos },
) {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const n = async (libro: Libro, filtro: SQL) => {
    const L = libro === 'emitidas' ? libroEmitidas : libroRecibidas;
    const [r] = rowsOf(
      await s.execute(
        (_empresaId, de) =>
          sql`select count(*)::int as n from ${L.cabeceras} ${TIPADO(libro)} ${IMPORTES[libro](de)}
            where ${L.where(de, f)} and ${filtro}`,
      ),
    );
    return Number(r?.n ?? 0);
  };
  const emitidas =
    g.emitidas.periodo.length + g.emitidas.anyo.length ? await n('emitidas', deGrupos(claveEmitida, g.emitidas)) : 0;
  const recibidas =
    g.recibidas.periodo.length + g.recibidas.anyo.length
      ? await n('recibidas', deGrupos(claveRecibida, g.recibidas))
      : 0;
  return { emitidas, recibidas };
}

/** A group's date: the first day of its month (quarter for the year's groups), inside every period holding its rows. */
function mesDe(fecha: unknown, o: OpcionesGrupos): string {
  const f = String(fecha).slice(0, 10);
  if (!o.porTercero) return `${f.slice(0, 8)}01`;
  const q = Math.floor((Number(f.slice(5, 7)) - 1) / 3) * 3 + 1;
  return `${f.slice(0, 5)}${String(q).padStart(2, '0')}-01`;
}

/**
 * What a received group reads of its rows besides its key: the least of some (the dates given as text) and the sum
 * of the amounts. A list, so a group of groups (`gruposRecibidasDelAnyo`) takes the least of the least and the sum of
 * the sums: the same as of the rows.
 */
const MINIMOS_R: [string, SQL, boolean][] = [
  ['id', sql`d.id`, false],
  ['fecha', sql`d.fecha`, true],
  ['fecha_factura', sql`coalesce(d.fecha_tercero, d.fecha)`, true],
  ['num_serie', sql`d.num_serie`, false],
  ['tercero', sql`coalesce(x.nombre_libre, d.proveedor_nombre)`, false],
  ['nif_libro', sql`d.proveedor_nif`, false],
  ['clave_retencion', sql`x.clave_retencion`, false],
];
const SUMAS_R: Partes = [
  ['base', sql`v.base`],
  ['cuota', sql`v.cuota`],
  ['deducible', sql`w.ded`],
  ['autoliquidada', sql`v.auto`],
  ['cuota_recargo', importe('CuotaRecargo')],
  ['retencion', sql`d.total_retencion`],
  ['base_servicios', sql`v.serv`],
];
/**
 * The aggregates of `MINIMOS_R` / `SUMAS_R`: over the rows (`de`: their expressions) or over groups (their columns);
 * `crudos`, as they are summed on (the least date a date, a sum a plain numeric).
 */
const agregadosR = (de: (n: string, x: SQL) => SQL, filas: SQL, crudos = false) =>
  sql.join(
    [
      sql`${filas}::int as filas`,
      ...MINIMOS_R.map(([n, x, t]) => sql`min(${de(n, x)})${sql.raw(t && !crudos ? '::text' : '')} as ${sql.raw(n)}`),
      ...SUMAS_R.map(([n, x]) => sql`${crudos ? sql`sum(${de(n, x)})` : suma(de(n, x))} as ${sql.raw(n)}`),
    ],
    sql`, `,
  );
const enFilas = (_n: string, x: SQL) => x;
/** What the year's received groups by third party read of their rows besides their key (`partesRecibida`). */
const RESTO_R: Partes = [
  ['impuesto', sql`min(${campo('Impuesto')})`],
  ['porc_iva', sql`min(round(${importe('PorcentajeIva')}, 2))`],
  ['rectificativa', sql`bool_or(d.id_rectificada is not null or d.tipo_rectificativa is not null)`],
  ['inversion', sql`bool_or(coalesce(x.categoria, '') like '2%')`],
];
const FILAS_R = (de: PredicadoEmpresa, f: FiltrosLibro) =>
  sql`from ${libroRecibidas.cabeceras} ${TIPADO('recibidas')} ${IMPORTES_R(de)} where ${libroRecibidas.where(de, f)}`;

/** The received book's groups of a period (with `Grupo` and `Filas`); a row kept alone keeps its invoice's data. */
export async function gruposRecibidas(
  s: Scope,
  desde: string,
  hasta: string,
  o: OpcionesGrupos = {},
): Promise<LineaRecibida[]> {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const rows = rowsOf(
    await s.execute((_empresaId, de) =>
      agrupar(o, partesRecibida(o), RESTO_R, agregadosR(enFilas, sql`count(*)`), FILAS_R(de, f)),
    ),
  );
  return rows.map((r, i) => grupoRecibido(r, i, o));
}

/**
 * The received book's groups of a year both ways the 390 reads them (by month, and by third party and quarter), from
 * one reading of its rows: the rows grouped by the month's key and the party (a few thousand groups), and both
 * groupings of those groups. The same groups, keys and order as `gruposRecibidas` with `{ prorrata }` and
 * `{ porTercero: true, prorrata }`, with the year's rows read (and their services part looked up) once, not twice.
 */
export async function gruposRecibidasDelAnyo(
  s: Scope,
  desde: string,
  hasta: string,
  prorrata: number,
): Promise<{ periodo: LineaRecibida[]; anyo: LineaRecibida[] }> {
  const porMes: OpcionesGrupos = { prorrata };
  const porTercero: OpcionesGrupos = { porTercero: true, prorrata };
  // Below 100 % every row is a group of its own by month: grouped by party as well they would gain nothing.
  if (prorrata !== 100)
    return {
      periodo: await gruposRecibidas(s, desde, hasta, porMes),
      anyo: await gruposRecibidas(s, desde, hasta, porTercero),
    };
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const nif = partesRecibida(porTercero).find(([n]) => n === 'nif')?.[1] ?? sql`null::text`;
  const finas = partesRecibida(porMes).map(([n, x]): [string, SQL] => [n, n === 'nif' ? nif : x]);
  const deGrupo = (n: string) => sql.raw(`f.${n}`);
  // Either grouping of the groups, with the same columns: its key's parts, the least of what is not in its key.
  const agrupados = (o: OpcionesGrupos) => {
    const partes: Partes = partesRecibida(o).map(([n, x]) => [
      n,
      n === 'mes' && o.porTercero ? alMes(deGrupo(n), 'quarter') : n === 'nif' && !o.porTercero ? x : deGrupo(n),
    ]);
    const en = new Map(partes);
    const de = (n: string, resto: string) => sql`${en.get(n) ?? sql.raw(`${resto}(f.${n})`)} as ${sql.raw(n)}`;
    return sql`select ${sql.raw(o.porTercero ? "'a'" : "'p'")} as grupos, ${claveDe(o, partes)} as clave,
      ${en.get('porc_iva') ?? sql`min(f.porc_iva)`}::text as porc_iva_texto, ${de('impuesto', 'min')},
      ${de('operacion', 'min')}, ${de('rectificativa', 'bool_or')}, ${de('inversion', 'bool_or')}, ${de('nif', 'min')},
      ${agregadosR(deGrupo, sql`sum(f.filas)`)}
      from f group by ${sql.join(
        partes.map(([, x]) => x),
        sql`, `,
      )}`;
  };
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`with f as materialized (select ${sql.join(
        finas.map(([n, x]) => sql`${x} as ${sql.raw(n)}`),
        sql`, `,
      )}, ${agregadosR(enFilas, sql`count(*)`, true)} ${FILAS_R(de, f)}
        group by ${sql.raw(finas.map((_, i) => i + 1).join(', '))})
      ${agrupados(porMes)} union all ${agrupados(porTercero)} order by grupos desc, fecha, id, clave`,
    ),
  );
  const grupos = (o: OpcionesGrupos) =>
    rows.filter((r) => r.grupos === (o.porTercero ? 'a' : 'p')).map((r, i) => grupoRecibido(r, i, o));
  return { periodo: grupos(porMes), anyo: grupos(porTercero) };
}

/** A received group as the classifier reads it. */
function grupoRecibido(r: Record<string, unknown>, i: number, o: OpcionesGrupos): LineaRecibida {
  const sola = Number(r.filas) === 1;
  return {
    // A row kept alone is its invoice (its warnings name it, 347 excludes it with its invoice); a group is new.
    Id: sola ? Number(r.id) : -(i + 1),
    Fecha: sola ? String(r.fecha) : mesDe(r.fecha, o),
    FechaFactura: sola ? String(r.fecha_factura) : mesDe(r.fecha, o),
    NumSerie: String(r.num_serie ?? ''),
    Tercero: String(r.tercero ?? ''),
    NIF: o.porTercero ? txt(r.nif) : sola ? txt(r.nif_libro) : null,
    Rectificativa: Boolean(r.rectificativa),
    Operacion: String(r.operacion),
    Impuesto: String(r.impuesto ?? 'IVA'),
    PorcentajeIva: imp(r.porc_iva_texto),
    Base: imp(r.base),
    Cuota: imp(r.cuota),
    CuotaDeducible: imp(r.deducible),
    CuotaAutoliquidada: imp(r.autoliquidada),
    CuotaRecargo: imp(r.cuota_recargo),
    // Only its sign is read (347 leaves out invoices with a withholding): every row counts its invoice's.
    Retencion: imp(r.retencion),
    ClaveRetencion: txt(r.clave_retencion),
    BienInversion: Boolean(r.inversion),
    BaseServicios: r.operacion === 'intracomunitaria' ? imp(r.base_servicios) : undefined,
    Grupo: String(r.clave),
    Filas: Number(r.filas),
  };
}
