import {
  balanceSituacion,
  type FilaSumas,
  importe,
  type LineaInforme,
  perdidasYGanancias,
  type SaldoCuenta,
  TIPOS_ASIENTO,
  type TipoAsiento,
} from '@faro/domain';
import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors.ts';
import type { PredicadoEmpresa, Scope } from '../../platform/tenancy/scope.ts';
import type { Periodo } from './asientos.ts';

/**
 * The reports of the ledger, each one statement that groups in the database (no loop over lines in JS): libro
 * diario (paged by entry), mayor of an account (running balance by a window function), sumas y saldos at level
 * 3, 4 or subaccount, pérdidas y ganancias and balance de situación (balances per subaccount, mapped to the PGC
 * PYMES lines by the domain's declared models). Amounts leave as text with two decimals.
 */

const anyos = (p: Periodo) =>
  sql`p.ejercicio between ${Number(p.FechaDesde.slice(0, 4))} and ${Number(p.FechaHasta.slice(0, 4))}`;

export type NivelSumas = '3' | '4' | 'subcuenta';

/** Sumas y saldos of a period at a level: one GROUP BY over the lines, names from the chart (the account's when absent). */
export async function sumasYSaldos(s: Scope, p: Periodo, nivel: NivelSumas) {
  const cuenta = nivel === 'subcuenta' ? sql`p.subcuenta` : sql`left(p.subcuenta, ${Number(nivel)})`;
  const filas = await s.execute<{ cuenta: string; nombre: string | null; debe: string; haber: string }>(
    (_, de) => sql`select x.cuenta, coalesce(c.nombre, c3.nombre) as nombre, x.debe::text, x.haber::text
      from (select ${cuenta} as cuenta, sum(p.debe) as debe, sum(p.haber) as haber
            from apuntes_contables p
            where ${de('p')} and ${anyos(p)} and p.fecha between ${p.FechaDesde} and ${p.FechaHasta}
            group by 1) x
      left join cuentas_contables c on ${de('c')} and c.codigo = x.cuenta
      left join cuentas_contables c3 on ${de('c3')} and c3.codigo = left(x.cuenta, 3)
      order by x.cuenta`,
  );
  let debe = 0;
  let haber = 0;
  const Filas: FilaSumas[] = filas.map((f) => {
    const d = Number(f.debe);
    const h = Number(f.haber);
    debe += d;
    haber += h;
    return {
      Cuenta: f.cuenta,
      Nombre: f.nombre ?? '',
      Debe: importe(d),
      Haber: importe(h),
      SaldoDeudor: importe(Math.max(d - h, 0)),
      SaldoAcreedor: importe(Math.max(h - d, 0)),
    };
  });
  return { Filas, Totales: { Debe: importe(debe), Haber: importe(haber), Cuadra: debe === haber } };
}

const LIMITE_DIARIO = 100;

interface FilaDiario extends Record<string, unknown> {
  id: string;
  ejercicio: number;
  numero: number;
  fecha: string;
  concepto: string;
  tipo: string;
  origen: string;
  id_origen: string | null;
  documento: string;
  id_revertido: string | null;
  subcuenta: string;
  a_concepto: string;
  debe: string;
  haber: string;
  nombre: string | null;
}

/** The entries of a period with their lines, in date and number order, a page of 100 entries at a time. */
export async function libroDiario(s: Scope, p: Periodo, pagina: number) {
  const filas = await s.execute<FilaDiario>(
    (_, de) => sql`with a as (
        select a.* from asientos_contables a
        where ${de('a')} and a.fecha between ${p.FechaDesde} and ${p.FechaHasta}
        order by a.fecha, a.ejercicio, a.numero limit ${LIMITE_DIARIO + 1} offset ${(pagina - 1) * LIMITE_DIARIO})
      select a.id::text, a.ejercicio, a.numero, a.fecha::text, a.concepto, a.tipo, a.origen, a.id_origen::text,
        a.documento, a.id_revertido::text, p.subcuenta, p.concepto as a_concepto, p.debe::text, p.haber::text,
        c.nombre
      from a join apuntes_contables p on ${de('p')} and p.id_asiento = a.id
      left join cuentas_contables c on ${de('c')} and c.codigo = p.subcuenta
      order by a.fecha, a.ejercicio, a.numero, p.orden`,
  );
  const asientos = agrupar(filas);
  return { Asientos: asientos.slice(0, LIMITE_DIARIO), Pagina: pagina, HayMas: asientos.length > LIMITE_DIARIO };
}

/** Rows of entries with their lines → entries (the rows come ordered by entry). */
function agrupar(filas: FilaDiario[]) {
  const out: ReturnType<typeof asientoJson>[] = [];
  for (const f of filas) {
    if (out.at(-1)?.Id !== Number(f.id)) out.push(asientoJson(f));
    out.at(-1)!.Apuntes.push({
      Subcuenta: f.subcuenta,
      Nombre: f.nombre ?? '',
      Concepto: f.a_concepto,
      Debe: importe(Number(f.debe)),
      Haber: importe(Number(f.haber)),
    });
  }
  return out;
}

const asientoJson = (f: FilaDiario) => ({
  Id: Number(f.id),
  Ejercicio: Number(f.ejercicio),
  Numero: Number(f.numero),
  Fecha: f.fecha,
  Concepto: f.concepto,
  Tipo: f.tipo,
  TipoTexto: TIPOS_ASIENTO[f.tipo as TipoAsiento] ?? f.tipo,
  Origen: f.origen,
  IdOrigen: f.id_origen === null ? null : Number(f.id_origen),
  Documento: f.documento,
  IdRevertido: f.id_revertido === null ? null : Number(f.id_revertido),
  Apuntes: [] as { Subcuenta: string; Nombre: string; Concepto: string; Debe: string; Haber: string }[],
});

/** One entry with its lines (the drill-down from a report line to the document). */
export async function asientoPorId(s: Scope, id: number) {
  const filas = await s.execute<FilaDiario>(
    (_, de) => sql`select a.id::text, a.ejercicio, a.numero, a.fecha::text, a.concepto, a.tipo, a.origen,
        a.id_origen::text, a.documento, a.id_revertido::text, p.subcuenta, p.concepto as a_concepto, p.debe::text,
        p.haber::text, c.nombre
      from asientos_contables a join apuntes_contables p on ${de('p')} and p.id_asiento = a.id
      left join cuentas_contables c on ${de('c')} and c.codigo = p.subcuenta
      where ${de('a')} and a.id = ${id}
      order by p.orden`,
  );
  const [a] = agrupar(filas);
  if (!a) throw notFound();
  return a;
}

const LIMITE_MAYOR = 5000;

/**
 * Mayor of an account (a subaccount, or every subaccount under an account's digits): the balance before the period
 * within its first year, then each line with the running balance (a window function, in the database).
 */
export async function mayor(s: Scope, cuenta: string, p: Periodo) {
  const prefijo = `${cuenta}%`;
  const desde = Number(p.FechaDesde.slice(0, 4));
  const [previo] = await s.execute<{ saldo: string }>(
    (_, de) => sql`select coalesce(sum(p.debe - p.haber), 0)::text as saldo from apuntes_contables p
      where ${de('p')} and p.ejercicio = ${desde} and p.subcuenta like ${prefijo} and p.fecha < ${p.FechaDesde}`,
  );
  const anterior = Number(previo?.saldo ?? 0);
  const filas = await s.execute<{
    id_asiento: string;
    numero: number;
    fecha: string;
    subcuenta: string;
    concepto: string;
    documento: string;
    debe: string;
    haber: string;
    saldo: string;
    origen: string;
    id_origen: string | null;
  }>(
    (_, de) => sql`select a.id::text as id_asiento, a.numero, p.fecha::text, p.subcuenta, p.concepto, p.documento,
        p.debe::text, p.haber::text, a.origen, a.id_origen::text,
        (${anterior} + sum(p.debe - p.haber) over (order by p.fecha, a.ejercicio, a.numero, p.orden))::text as saldo
      from apuntes_contables p join asientos_contables a on ${de('a')} and a.id = p.id_asiento
      where ${de('p')} and ${anyos(p)} and p.subcuenta like ${prefijo}
        and p.fecha between ${p.FechaDesde} and ${p.FechaHasta}
      order by p.fecha, a.ejercicio, a.numero, p.orden limit ${LIMITE_MAYOR}`,
  );
  const [nombre] = await s.execute<{ nombre: string }>(
    (_, de) => sql`select c.nombre from cuentas_contables c where ${de('c')} and c.codigo = ${cuenta}`,
  );
  return {
    Cuenta: cuenta,
    Nombre: nombre?.nombre ?? '',
    SaldoAnterior: importe(anterior),
    Apuntes: filas.map((f) => ({
      IdAsiento: Number(f.id_asiento),
      Numero: Number(f.numero),
      Fecha: f.fecha,
      Subcuenta: f.subcuenta,
      Concepto: f.concepto,
      Documento: f.documento,
      Debe: importe(Number(f.debe)),
      Haber: importe(Number(f.haber)),
      Saldo: importe(Number(f.saldo)),
      Origen: f.origen,
      IdOrigen: f.id_origen === null ? null : Number(f.id_origen),
    })),
    Completo: filas.length < LIMITE_MAYOR,
  };
}

/** Balances (debe − haber) per subaccount of the lines `donde` selects: one GROUP BY. */
async function saldos(s: Scope, donde: (de: PredicadoEmpresa) => SQL): Promise<SaldoCuenta[]> {
  const filas = await s.execute<{ cuenta: string; saldo: string }>(
    (_, de) => sql`select p.subcuenta as cuenta, (sum(p.debe) - sum(p.haber))::text as saldo
      from apuntes_contables p where ${de('p')} and ${donde(de)}
      group by p.subcuenta having sum(p.debe) <> sum(p.haber) order by p.subcuenta`,
  );
  return filas.map((f) => ({ Cuenta: f.cuenta, Saldo: Number(f.saldo) }));
}

const lineasJson = (lineas: LineaInforme[]) =>
  lineas.map((l) => ({
    Clave: l.Clave,
    Texto: l.Texto,
    Nivel: l.Nivel,
    Importe: importe(l.Importe),
    Cuentas: l.Cuentas,
  }));

/** Pérdidas y ganancias of a period (the regularisation entry left out: it empties groups 6 and 7). */
export async function informePyG(s: Scope, p: Periodo) {
  const lista = await saldos(
    s,
    (de) => sql`${anyos(p)} and p.fecha between ${p.FechaDesde} and ${p.FechaHasta}
      and (p.subcuenta like '6%' or p.subcuenta like '7%')
      and not exists (select 1 from asientos_contables a where ${de('a')} and a.id = p.id_asiento
        and a.tipo = 'regularizacion')`,
  );
  return { Lineas: lineasJson(perdidasYGanancias(lista)) };
}

/**
 * Balance de situación at a date: the lines of that date's year up to it, without its closing entry, and of the
 * earlier years back to the last closed one (whose opening entry carries what came before).
 */
export async function informeBalance(s: Scope, fecha: string) {
  const anyo = Number(fecha.slice(0, 4));
  const lista = await saldos(
    s,
    (de) => sql`p.fecha <= ${fecha} and p.ejercicio <= ${anyo}
      and p.ejercicio > coalesce((select max(e.ejercicio) from ejercicios_contables e
        where ${de('e')} and e.cerrado and e.ejercicio < ${anyo}), 0)
      and not exists (select 1 from asientos_contables a where ${de('a')} and a.id = p.id_asiento
        and a.tipo = 'cierre')`,
  );
  const b = balanceSituacion(lista);
  return {
    Fecha: fecha,
    Activo: lineasJson(b.Activo),
    Pasivo: lineasJson(b.Pasivo),
    SinClasificar: b.SinClasificar.map((x) => ({ Cuenta: x.Cuenta, Saldo: importe(x.Saldo) })),
  };
}
