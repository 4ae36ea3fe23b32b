import {
  type LibrosDelAnyo,
  type LineaEmitida,
  type LineaRecibida,
  type ModeloTributario,
  nifIva,
  type Periodo,
  tieneNifIvaUe,
} from '@faro/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PredicadoEmpresa, Scope } from '../../../platform/tenancy/scope.ts';
import { libroEmitidas } from '../factemitidas.ts';
import { libroRecibidas } from '../factrecibidas.ts';
import { DESGLOSE, type FiltrosLibro, rowsOf } from '../libroFacturas.ts';
import {
  AUTO_R,
  DEDUCIBLE_R,
  EXTRAS,
  type Libro,
  leerAgrupado,
  lineaEmitida,
  lineaRecibida,
  lineasEmitidas,
  lineasRecibidas,
  numero,
  RECTIFICATIVA,
  SERVICIOS,
} from './libros.ts';

/**
 * 130, 111, 115, 347, 349, 190 and 180 read the books grouped in SQL, as 303 and 390 do (libros.ts): one group per
 * combination of what the model's classifier reads of a row, its amounts summed, the group's other fields those of
 * its first row in book order (date, invoice, rate), the groups in the order of their first rows. The domain's
 * functions take the groups as rows, so the boxes, the declared records and the warnings are those of the rows
 * (`agrupados.test.ts` computes each model both ways). What keeps each model exact:
 *   - 130 adds amounts per quarter (earlier quarters' payments): groups per quarter;
 *   - 111 / 115 / 190 / 180 read the invoices with IRPF withheld under a key, per perceptor (NIF, name; 190 / 180
 *     the postal code of the first): groups per key, sign of the withholding and perceptor; an invoice without a
 *     NIF (a warning names it) stays a group of its own;
 *   - 347 adds per party (NIF, name, country, postal code of the first row) and quarter what no exclusion leaves
 *     out; the excluded rows are not read, an invoice without a NIF stays alone (its warning);
 *   - 349 adds per operator (NIF, country, name) and goods/services part, per corrected period: a row split in part
 *     goods and part services, or of an operator without a valid NIF-IVA (its warning), stays alone; the rows of a
 *     group share the sign of their base, so the split of the group is the sum of its rows' splits;
 *   - the warnings on received invoices dated by the supplier outside the period name each invoice: such an
 *     invoice stays a group of its own, and is read even when the model leaves its rows out.
 * A model's box traces list groups; the drill-down of a box reads the rows (`servicio.ts`, `trazaPaginada`).
 */
export type ModeloAgrupado = Exclude<ModeloTributario, '303' | '390'>;
/** What a grouped read needs of a period: its year and dates. */
type Fechas = Pick<Periodo, 'anyo' | 'desde' | 'hasta'>;

/** How a model groups a book: which rows it reads, the parts of a row's key, and its services part (349). */
interface Agrupacion {
  filtro: SQL;
  clave: SQL[];
  servicios?: SQL;
}

/** The party of a row, per book. */
const TERCERO = {
  emitidas: {
    nif: sql`d.cliente_nif`,
    nombre: sql`d.cliente_nombre`,
    pais: sql`d.cliente_pais`,
    cp: sql`d.cliente_cod_postal`,
  },
  recibidas: {
    nif: sql`d.proveedor_nif`,
    nombre: sql`coalesce(x.nombre_libre, d.proveedor_nombre)`,
    pais: sql`d.proveedor_pais`,
    cp: sql`d.proveedor_cod_postal`,
  },
} as const;

const trimestre = sql`extract(quarter from d.fecha)::int`;
/** The rows of one invoice alone when `cond` holds (its warning names it). */
const porFactura = (cond: SQL) => sql`case when ${cond} then d.id end`;
/** A NIF with nothing in it (blank: the row path's trimmed NIF is empty, and more). */
const sinNif = (libro: Libro) => sql`coalesce(${TERCERO[libro].nif}, '') !~ '[A-Za-z0-9]'`;
const conRetencion = sql`round(coalesce(d.total_retencion, 0), 2) <> 0`;
/** The invoice whose supplier's date is outside the period (warning `fuera-periodo`). */
const fuera = (p: Fechas) => sql`coalesce(d.fecha_tercero, d.fecha) not between ${p.desde}::date and ${p.hasta}::date`;
const verdad = sql`true`;

/** 111, 115, 190, 180: the received invoices with IRPF withheld, per key and perceptor. */
function retenciones(p: Fechas): Agrupacion {
  const t = TERCERO.recibidas;
  return {
    filtro: sql`(${conRetencion} or ${fuera(p)})`,
    clave: [
      sql`case when ${conRetencion} then coalesce(x.clave_retencion, '111') end`,
      sql`sign(coalesce(d.total_retencion, 0))`,
      t.nif,
      t.nombre,
      t.cp,
      porFactura(sql`${fuera(p)} or ${sinNif('recibidas')}`),
    ],
  };
}

/** 347: per party and quarter, what no exclusion leaves out (EXCLUSIONES_347). */
function de347(libro: Libro, p: Fechas): Agrupacion {
  const t = TERCERO[libro];
  const parte = [t.nif, t.nombre, t.pais, t.cp, trimestre];
  if (libro === 'emitidas')
    return {
      filtro: sql`e.val->>'Exencion' is distinct from 'E5' and e.val->>'Exencion' is distinct from 'E2'`,
      clave: [...parte, porFactura(sinNif(libro))],
    };
  return {
    filtro: sql`((coalesce(x.operacion, 'interior') not in ('intracomunitaria', 'importacion')
      and not ${conRetencion}) or ${fuera(p)})`,
    clave: [...parte, porFactura(sql`${fuera(p)} or ${sinNif(libro)}`)],
  };
}

/** 349: per operator, corrected period and goods / services part; `invalidos`: (NIF, country) without a NIF-IVA. */
function de349(libro: Libro, p: Fechas, de: PredicadoEmpresa, invalidos: SQL): Agrupacion {
  const t = TERCERO[libro];
  const base = sql`round(${numero('Base')}, 2)`;
  // The domain's split: the services part bounded by the base, with its sign.
  const serv = sql`(sign(${base}) * least(abs(round(coalesce(${SERVICIOS[libro](de)}, 0), 2)), abs(${base})))`;
  const rect = RECTIFICATIVA[libro];
  const solo = libro === 'emitidas' ? invalidos : sql`${invalidos} or ${fuera(p)}`;
  return {
    filtro:
      libro === 'emitidas' ? sql`e.val->>'Exencion' = 'E5'` : sql`(x.operacion = 'intracomunitaria' or ${fuera(p)})`,
    clave: [
      libro === 'emitidas' ? verdad : sql`coalesce(x.operacion, 'interior')`,
      t.nif,
      t.pais,
      t.nombre,
      rect.es,
      sql`case when ${rect.es} then ${rect.fecha(de)} end`,
      sql`sign(${base})`,
      sql`case when ${serv} = 0 then 'b' when ${serv} = ${base} then 's' else d.id || '-' || e.ord end`,
      porFactura(solo),
    ],
    servicios: serv,
  };
}

const par = (libro: Libro) =>
  sql`coalesce(${TERCERO[libro].nif}, '') || chr(31) || coalesce(${TERCERO[libro].pais}, '')`;

/** 349: the (NIF, country) pairs of a book's intra-EU rows whose NIF-IVA is not valid, as an SQL condition. */
async function sinNifIva(s: Scope, libro: Libro, p: Fechas): Promise<SQL> {
  const L = libro === 'emitidas' ? libroEmitidas : libroRecibidas;
  const f: FiltrosLibro = { FechaDesde: p.desde, FechaHasta: p.hasta };
  const intra = libro === 'emitidas' ? sql`e.val->>'Exencion' = 'E5'` : sql`x.operacion = 'intracomunitaria'`;
  const pares = rowsOf(
    await s.execute(
      (_empresaId, de) =>
        sql`select distinct ${par(libro)} as par from ${L.cabeceras} ${DESGLOSE} where ${L.where(de, f)} and ${intra}`,
    ),
  ).map((r) => String(r.par));
  const malos = pares.filter((x) => {
    const [nif = '', pais = ''] = x.split('\u001f');
    return !tieneNifIvaUe({ NIF: nifIva(nif, pais) });
  });
  return malos.length
    ? sql`${par(libro)} in (${sql.join(
        malos.map((m) => sql`${m}`),
        sql`, `,
      )})`
    : sql`false`;
}

/** The groups of one book for a model (`null`: the model does not read that book). */
async function agrupacion(s: Scope, modelo: ModeloAgrupado, libro: Libro, p: Fechas) {
  if (modelo === '130') return () => ({ filtro: verdad, clave: [trimestre] });
  if (libro === 'emitidas' && modelo !== '347' && modelo !== '349') return null;
  if (modelo === '347') return () => de347(libro, p);
  if (modelo === '349') {
    const invalidos = await sinNifIva(s, libro, p);
    return (de: PredicadoEmpresa) => de349(libro, p, de, invalidos);
  }
  return () => retenciones(p);
}

/** A book's groups of a period: rows of the book's own shape, with `Grupo` and `Filas`. */
async function grupos<T extends LineaEmitida | LineaRecibida>(
  s: Scope,
  libro: Libro,
  desde: string,
  hasta: string,
  a: (de: PredicadoEmpresa) => Agrupacion,
  linea: (r: Record<string, unknown>) => T,
): Promise<T[]> {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const L = libro === 'emitidas' ? libroEmitidas : libroRecibidas;
  const [deducible, auto] = libro === 'emitidas' ? [sql`0`, sql`0`] : [DEDUCIBLE_R, AUTO_R];
  const rows = rowsOf(
    await s.execute((_empresaId, de) => {
      const g = a(de);
      const partes = g.clave.map((x, i) => sql`${x} as ${sql.raw(`p${i}`)}`);
      const claves = sql.raw(g.clave.map((_, i) => `k.p${i}`).join(', '));
      // Grouped by the key's parts (the key's text is built once per group: the same text, as equal parts write it
      // alike); each group's first row in book order is the least (date, invoice, row), read back by its invoice.
      return sql`${L.select}, ${EXTRAS[libro](de)}, g.clave as grupo, g.filas as grupo_filas, g.una as grupo_una,
        g.s_base, g.s_cuota, g.s_recargo, g.s_retencion, g.s_deducible, g.s_auto, g.s_servicios
      from (select json_build_array(${claves})::text as clave, k.* from (select ${sql.join(partes, sql`, `)},
          min(array[(d.fecha - date '2000-01-01')::bigint, d.id::bigint, e.ord]) as primera, count(*)::int as filas,
          min(d.id) = max(d.id) as una, sum(round(${numero('Base')}, 2))::text as s_base,
          sum(round(${numero('Cuota')}, 2))::text as s_cuota, sum(round(${numero('CuotaRecargo')}, 2))::text as s_recargo,
          sum(case when e.ord = 1 then round(coalesce(d.total_retencion, 0), 2) else 0 end)::text as s_retencion,
          sum(${deducible})::text as s_deducible, sum(${auto})::text as s_auto,
          sum(${g.servicios ?? sql`0`})::text as s_servicios
        from ${L.cabeceras} ${DESGLOSE} where ${L.where(de, f)} and ${g.filtro}
        group by ${sql.raw(g.clave.map((_, i) => i + 1).join(', '))}) k) g
      join ${L.cabeceras} on d.id = g.primera[2] ${DESGLOSE}
      where ${L.where(de, f)} and e.ord = g.primera[3] order by g.primera`;
    }),
  );
  return rows.map((r, i) => {
    // The group's sums in place of its first row's amounts (the withholding as on an invoice's first row).
    const fila = {
      ...r,
      base: r.s_base,
      cuota: r.s_cuota,
      cuota_recargo: r.s_recargo,
      total_retencion: r.s_retencion,
      ord: 1,
      deducible: r.s_deducible,
      autoliquidada: r.s_auto,
      base_servicios: r.s_servicios,
    };
    const l = linea(fila);
    // A group of one invoice is that invoice (its warnings name it); a group of several is new.
    const Id = r.grupo_una ? l.Id : -(i + 1);
    return { ...l, Id, Grupo: String(r.grupo), Filas: Number(r.grupo_filas) };
  });
}

/** The dates a model reads: 130 is cumulative from 1 January. */
const desdeDe = (modelo: ModeloAgrupado, p: Fechas) => (modelo === '130' ? `${p.anyo}-01-01` : p.desde);
const conEmitidas = (modelo: ModeloAgrupado) => modelo === '130' || modelo === '347' || modelo === '349';

/** The books of a model's period, grouped. */
export async function librosAgrupados(s: Scope, modelo: ModeloAgrupado, p: Fechas): Promise<LibrosDelAnyo> {
  return leerAgrupado(s, async (t) => {
    const leer = async <T extends LineaEmitida | LineaRecibida>(
      libro: Libro,
      linea: (r: Record<string, unknown>) => T,
    ) => {
      const a = await agrupacion(t, modelo, libro, p);
      return a ? grupos(t, libro, desdeDe(modelo, p), p.hasta, a, linea) : [];
    };
    return { emitidas: await leer('emitidas', lineaEmitida), recibidas: await leer('recibidas', lineaRecibida) };
  });
}

/** The books of a model's period row by row (the drill-down of a box, and what the groups must equal). */
export async function librosPorFilas(s: Scope, modelo: ModeloAgrupado, p: Fechas): Promise<LibrosDelAnyo> {
  const desde = desdeDe(modelo, p);
  return {
    emitidas: conEmitidas(modelo) ? await lineasEmitidas(s, desde, p.hasta) : [],
    recibidas: await lineasRecibidas(s, desde, p.hasta),
  };
}
