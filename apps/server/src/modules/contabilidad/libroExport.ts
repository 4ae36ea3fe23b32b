import { type Apunte, type Asiento, importe, type Subcuenta } from '@faro/domain';
import { sql } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';
import type { Periodo } from './asientos.ts';

/**
 * The ledger's entries of a period for the ContaPlus and Sage exports (numbered as in the ledger), in keyset
 * batches of `LOTE` entries: the next batch is already asked for while the caller writes this one, and a year is
 * never held in memory. A batch comes back as one JSON text built by the database (one value to decode instead of
 * 15 columns × 20,000 rows through the driver: the driver's per-column parsing was most of the time). The lines
 * are read per entry (LATERAL, its ORDER BY keeps the planner from flattening it): a plain join let PostgreSQL hash
 * the whole year's lines again for every batch (a sequential scan of a million rows, 50 times). Reading two
 * batches' lines at once on two connections measured no faster: the writing of a batch takes as long as the read
 * of the next. The chart's names are not joined per line: `subcuentasLibro` reads them once, grouped.
 */
const LOTE = 5000;

/** A line with its entry's head: [id, ejercicio, numero, fecha, tipo, documento, subcuenta, contrapartida, concepto,
 *  debe (cents), haber (cents), documento of the line, base, % IVA, % recargo] — numerics as text, as stored. */
type Fila = [
  number,
  number,
  number,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  string,
  string | null,
  string | null,
  string | null,
];
type Clave = { fecha: string; ejercicio: number; numero: number };

async function lote(s: Scope, p: Periodo, tras: Clave | null): Promise<Fila[]> {
  const [r] = await s.execute<{ j: string | null }>(
    (_, de) => sql`with a as (
        select a.id, a.fecha, a.ejercicio, a.numero, a.tipo, a.documento from asientos_contables a
        where ${de('a')} and a.fecha between ${p.FechaDesde} and ${p.FechaHasta}
        ${tras ? sql`and (a.fecha, a.ejercicio, a.numero) > (${tras.fecha}, ${tras.ejercicio}, ${tras.numero})` : sql``}
        order by a.fecha, a.ejercicio, a.numero limit ${LOTE})
      select json_agg(json_build_array(a.id, a.ejercicio, a.numero, a.fecha::text, a.tipo, a.documento, p.subcuenta,
          p.contrapartida, p.concepto, p.debe, p.haber, p.documento, p.base_imponible::text, p.porc_iva::text,
          p.porc_recargo::text) order by a.fecha, a.ejercicio, a.numero, p.orden)::text as j
      from a cross join lateral (
        select * from apuntes_contables p where ${de('p')} and p.id_asiento = a.id order by p.orden) p`,
  );
  return r?.j ? (JSON.parse(r.j) as Fila[]) : [];
}

function apunte(f: Fila): Apunte {
  const a: Apunte = {
    Subcuenta: f[6],
    Contrapartida: f[7],
    Concepto: f[8],
    Debe: importe(f[9]),
    Haber: importe(f[10]),
    Documento: f[11],
  };
  // Absent, not undefined, outside VAT lines (as the builder's entries): a million lines, no spread copies.
  if (f[12] !== null) a.BaseImponible = f[12];
  if (f[13] !== null) a.PorcIva = f[13];
  if (f[14] !== null) a.PorcRecargo = f[14];
  return a;
}

/** Rows ordered by entry → entries. */
function asientos(filas: Fila[]): Asiento[] {
  const out: Asiento[] = [];
  let id = -1;
  for (const f of filas) {
    if (f[0] !== id) {
      id = f[0];
      out.push({ Numero: f[2], Fecha: f[3], Tipo: f[4] as Asiento['Tipo'], Documento: f[5], Apuntes: [] });
    }
    out.at(-1)!.Apuntes.push(apunte(f));
  }
  return out;
}

export async function* asientosLibro(s: Scope, p: Periodo): AsyncGenerator<Asiento[]> {
  let siguiente = lote(s, p, null);
  for (;;) {
    const filas = await siguiente;
    if (!filas.length) return;
    const lista = asientos(filas);
    const tail = filas.at(-1)!;
    const mas = lista.length === LOTE;
    if (mas) {
      siguiente = lote(s, p, { fecha: tail[3], ejercicio: tail[1], numero: tail[2] });
      // A caller that stops early leaves this batch unread: its failure must not go unhandled.
      siguiente.catch(() => {});
    }
    yield lista;
    if (!mas) return;
  }
}

/** The subaccounts the period's lines use, with the chart's title and NIF (one grouped statement). */
export async function subcuentasLibro(s: Scope, p: Periodo): Promise<Map<string, Subcuenta>> {
  const filas = await s.execute<{ subcuenta: string; nombre: string | null; nif: string | null }>(
    (_, de) => sql`select x.subcuenta, c.nombre, c.nif
      from (select distinct p.subcuenta from apuntes_contables p
            where ${de('p')} and p.ejercicio between ${Number(p.FechaDesde.slice(0, 4))} and ${Number(p.FechaHasta.slice(0, 4))}
              and p.fecha between ${p.FechaDesde} and ${p.FechaHasta}) x
      left join cuentas_contables c on ${de('c')} and c.codigo = x.subcuenta`,
  );
  return new Map(filas.map((f) => [f.subcuenta, { Codigo: f.subcuenta, Titulo: f.nombre ?? '', NIF: f.nif }]));
}
