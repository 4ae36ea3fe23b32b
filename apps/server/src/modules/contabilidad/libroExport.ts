import { type Apunte, type Asiento, importe, type Subcuenta } from '@faro/domain';
import { sql } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';
import type { Periodo } from './asientos.ts';

/**
 * The ledger's entries of a period for the ContaPlus and Sage exports (numbered as in the ledger), in keyset
 * batches of `LOTE` entries: the next batch is already asked for while the caller writes this one, and a year is
 * never held in memory. The chart's names are not joined per line: `subcuentasLibro` reads them once, grouped.
 */
const LOTE = 5000;

type Texto = 'id' | 'fecha' | 'tipo' | 'documento' | 'subcuenta' | 'contrapartida' | 'concepto' | 'p_documento';
/** A line with its entry's head; amounts in cents as text, the VAT fields null outside VAT lines. */
type Fila = Record<Texto | 'debe' | 'haber', string> &
  Record<'base_imponible' | 'porc_iva' | 'porc_recargo', string | null> & { ejercicio: number; numero: number };
type Clave = { fecha: string; ejercicio: number; numero: number };

function lote(s: Scope, p: Periodo, tras: Clave | null) {
  return s.execute<Fila>(
    (_, de) => sql`with a as (
        select a.id, a.fecha, a.ejercicio, a.numero, a.tipo, a.documento from asientos_contables a
        where ${de('a')} and a.fecha between ${p.FechaDesde} and ${p.FechaHasta}
        ${tras ? sql`and (a.fecha, a.ejercicio, a.numero) > (${tras.fecha}, ${tras.ejercicio}, ${tras.numero})` : sql``}
        order by a.fecha, a.ejercicio, a.numero limit ${LOTE})
      select a.id::text, a.fecha::text, a.ejercicio, a.numero, a.tipo, a.documento, p.subcuenta, p.contrapartida,
        p.concepto, p.debe::text, p.haber::text, p.documento as p_documento, p.base_imponible::text,
        p.porc_iva::text, p.porc_recargo::text
      from a join apuntes_contables p on ${de('p')} and p.id_asiento = a.id
      order by a.fecha, a.ejercicio, a.numero, p.orden`,
  );
}

const apunte = (f: Fila): Apunte => ({
  Subcuenta: f.subcuenta,
  Contrapartida: f.contrapartida,
  Concepto: f.concepto,
  Debe: importe(Number(f.debe)),
  Haber: importe(Number(f.haber)),
  Documento: f.p_documento,
  ...(f.base_imponible === null ? {} : { BaseImponible: f.base_imponible }),
  ...(f.porc_iva === null ? {} : { PorcIva: f.porc_iva }),
  ...(f.porc_recargo === null ? {} : { PorcRecargo: f.porc_recargo }),
});

/** Rows ordered by entry → entries. */
function asientos(filas: Fila[]): Asiento[] {
  const out: Asiento[] = [];
  let id = '';
  for (const f of filas) {
    if (f.id !== id) {
      id = f.id;
      out.push({
        Numero: Number(f.numero),
        Fecha: f.fecha,
        Tipo: f.tipo as Asiento['Tipo'],
        Documento: f.documento,
        Apuntes: [],
      });
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
      siguiente = lote(s, p, { fecha: tail.fecha, ejercicio: Number(tail.ejercicio), numero: Number(tail.numero) });
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
