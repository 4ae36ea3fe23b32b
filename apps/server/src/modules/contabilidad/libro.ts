import {
  type Apunte,
  type Asiento,
  type AsientoManual,
  asientoInverso,
  type CuentasEmpresa,
  centimos,
  efectoAsientos,
  ejercicioDe,
  importe,
  MSG_LIBRO,
  nivelCuenta,
  PLAN_PYMES,
  type Subcuenta,
  subcuentasFijas,
} from '@faro/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  asientosContables as A,
  cuentasContables as CU,
  ejerciciosContables as E,
  apuntesContables as P,
} from '../../platform/tenancy/tables.ts';
import {
  anotarSubcuentas,
  asientoDe,
  type ClaveFila,
  contarPeriodo,
  cuentasEmpresa,
  type Fila,
  filasPeriodo,
  ORIGENES_DOCUMENTO,
  type OrigenDocumento,
  origenDeFila,
  type Periodo,
} from './asientos.ts';

/**
 * The ledger kept in Faro: every issued and received invoice, collection, payment and bank fee gets its entry from
 * the one builder the exports used (`asientos.ts`), in the transaction that changes the document (the document
 * engine calls `asentarDocumentos`). An entry is never edited: when a document is cancelled, deleted or changed its
 * current entry gets a reverse entry and, if the document still counts, a new one. Entries are numbered per year
 * without gaps by the year's counter row, which also refuses a closed year (409).
 */

const TODO: Periodo = { FechaDesde: '0001-01-01', FechaHasta: '9999-12-31' };
const LOTE_APUNTES = 2000;
const hoy = () => new Date().toISOString().slice(0, 10);

/** What the ledger records of one entry beside its lines. */
export interface Entrada {
  asiento: Asiento;
  concepto: string;
  origen: string;
  idOrigen: number | null;
  idRevertido?: number;
}

/** Reserves `n` numbers of a year (the counter row stays locked until commit); 409 when the year is closed. */
async function reservar(t: Scope, ejercicio: number, n: number): Promise<number> {
  const [r] = await t
    .insert(E, { Ejercicio: ejercicio, UltimoNumero: n })
    .onConflictDoUpdate({
      target: [E.empresaId, E.Ejercicio],
      set: { UltimoNumero: sql`${E.UltimoNumero} + ${n}` },
      setWhere: eq(E.Cerrado, false),
    })
    .returning({ u: E.UltimoNumero });
  if (!r) throw new AppError(409, MSG_LIBRO.ejercicioCerrado(ejercicio));
  return r.u - n + 1;
}

/** The PGC PYMES chart, seeded once per company (later calls write nothing). */
export async function asegurarPlan(t: Scope, digitos: number): Promise<void> {
  const [hay] = await t.pick({ x: sql`1` }, CU, eq(CU.Codigo, '1')).limit(1);
  if (hay) return;
  await t
    .insert(
      CU,
      PLAN_PYMES.map(([Codigo, Nombre]) => ({ Codigo, Nombre, Nivel: nivelCuenta(Codigo, digitos) })),
    )
    .onConflictDoNothing();
}

/** Writes entries (in the given order, numbered per year) and the subaccounts they name; answers their ids. */
export async function asentar(t: Scope, entradas: Entrada[], subcuentas: Subcuenta[] = []): Promise<number[]> {
  if (!entradas.length) return [];
  const porEjercicio = new Map<number, Entrada[]>();
  for (const e of entradas) {
    const y = ejercicioDe(e.asiento.Fecha);
    porEjercicio.set(y, [...(porEjercicio.get(y) ?? []), e]);
  }
  const ids: number[] = [];
  for (const [ejercicio, lista] of [...porEjercicio].sort(([a], [b]) => a - b)) {
    const primero = await reservar(t, ejercicio, lista.length);
    const filas = await t
      .insert(
        A,
        lista.map((e, i) => ({
          Ejercicio: ejercicio,
          Numero: primero + i,
          Fecha: e.asiento.Fecha,
          Concepto: e.concepto,
          Tipo: e.asiento.Tipo,
          Origen: e.origen,
          IdOrigen: e.idOrigen,
          Documento: e.asiento.Documento,
          IdRevertido: e.idRevertido ?? null,
        })),
      )
      .returning({ Id: A.Id, Numero: A.Numero });
    const idDe = new Map(filas.map((f) => [f.Numero, f.Id]));
    const apuntes = lista.flatMap((e, i) =>
      e.asiento.Apuntes.map((l, orden) => ({
        IdAsiento: idDe.get(primero + i)!,
        Orden: orden + 1,
        Ejercicio: ejercicio,
        Fecha: e.asiento.Fecha,
        Subcuenta: l.Subcuenta,
        Contrapartida: l.Contrapartida,
        Concepto: l.Concepto,
        Debe: centimos(l.Debe),
        Haber: centimos(l.Haber),
        Documento: l.Documento,
        BaseImponible: l.BaseImponible ?? null,
        PorcIva: l.PorcIva ?? null,
        PorcRecargo: l.PorcRecargo ?? null,
      })),
    );
    for (let i = 0; i < apuntes.length; i += LOTE_APUNTES) await t.insert(P, apuntes.slice(i, i + LOTE_APUNTES));
    ids.push(...lista.map((_, i) => idDe.get(primero + i)!));
  }
  await registrarSubcuentas(t, entradas, subcuentas);
  return ids;
}

/** Every subaccount the entries name, with its title (the party's, or its account's in the chart). */
async function registrarSubcuentas(t: Scope, entradas: Entrada[], conocidas: Subcuenta[]) {
  const usadas = new Set(entradas.flatMap((e) => e.asiento.Apuntes.map((l) => l.Subcuenta)));
  const porCodigo = new Map(conocidas.map((s) => [s.Codigo, s]));
  const plan = new Map(PLAN_PYMES);
  const titulo = (codigo: string) =>
    plan.get(codigo.slice(0, 4)) ?? plan.get(codigo.slice(0, 3)) ?? `Subcuenta ${codigo}`;
  const filas = [...usadas].map((Codigo) => {
    const s = porCodigo.get(Codigo);
    return { Codigo, Nombre: s?.Titulo || titulo(Codigo), Nivel: 'subcuenta', NIF: s?.NIF ?? null };
  });
  if (filas.length) await t.insert(CU, filas).onConflictDoNothing();
}

interface FilaVigente extends Record<string, unknown> {
  id: string;
  id_origen: string;
  fecha: string;
  tipo: string;
  documento: string;
  subcuenta: string;
  contrapartida: string;
  concepto: string;
  debe: string;
  haber: string;
  p_documento: string;
  base_imponible: string | null;
  porc_iva: string | null;
  porc_recargo: string | null;
}

/** An entry of the ledger as the domain's `Asiento`, from its rows (one per line, in order). */
function asientoDeFilas(filas: FilaVigente[]): Asiento {
  const f = filas[0]!;
  const apuntes: Apunte[] = filas.map((l) => ({
    Subcuenta: l.subcuenta,
    Contrapartida: l.contrapartida,
    Concepto: l.concepto,
    Debe: importe(Number(l.debe)),
    Haber: importe(Number(l.haber)),
    Documento: l.p_documento,
    ...(l.base_imponible === null ? {} : { BaseImponible: l.base_imponible }),
    ...(l.porc_iva === null ? {} : { PorcIva: l.porc_iva }),
    ...(l.porc_recargo === null ? {} : { PorcRecargo: l.porc_recargo }),
  }));
  return { Numero: 0, Fecha: f.fecha, Tipo: f.tipo as Asiento['Tipo'], Documento: f.documento, Apuntes: apuntes };
}

/** The current (neither a reversal nor reversed) entry of each of these documents, with its lines. */
async function vigentes(t: Scope, origen: string, ids: readonly number[]) {
  const out = new Map<number, { id: number; asiento: Asiento }>();
  if (!ids.length) return out;
  const filas = await t.execute<FilaVigente>(
    (_, de) => sql`select a.id::text, a.id_origen::text, a.fecha::text, a.tipo, a.documento, p.subcuenta,
        p.contrapartida, p.concepto, p.debe::text, p.haber::text, p.documento as p_documento,
        p.base_imponible::text, p.porc_iva::text, p.porc_recargo::text
      from asientos_contables a join apuntes_contables p on ${de('p')} and p.id_asiento = a.id
      where ${de('a')} and a.origen = ${origen} and a.id_revertido is null
        and a.id_origen in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})
        and not exists (select 1 from asientos_contables r where ${de('r')} and r.origen = a.origen
          and r.id_origen = a.id_origen and r.id_revertido = a.id)
      order by a.id, p.orden`,
  );
  const porAsiento = new Map<string, FilaVigente[]>();
  for (const f of filas) porAsiento.set(f.id, [...(porAsiento.get(f.id) ?? []), f]);
  for (const [id, lineas] of porAsiento)
    out.set(Number(lineas[0]!.id_origen), { id: Number(id), asiento: asientoDeFilas(lineas) });
  return out;
}

const mismoEfecto = (a: Asiento, b: Asiento) => {
  if (a.Fecha !== b.Fecha || a.Documento !== b.Documento) return false;
  const x = efectoAsientos([a]);
  const y = efectoAsientos([b]);
  return x.size === y.size && [...x].every(([k, v]) => y.get(k) === v);
};

/** What the ledger must post so that each document's current entry is the builder's (none when it no longer counts). */
function cambios(
  origen: string,
  ids: readonly number[],
  esperados: Map<number, Asiento>,
  actuales: Map<number, { id: number; asiento: Asiento }>,
  cerrados: Set<number>,
): Entrada[] {
  const out: Entrada[] = [];
  for (const id of ids) {
    const e = esperados.get(id);
    const a = actuales.get(id);
    if (a && e && mismoEfecto(a.asiento, e)) continue;
    if (a) {
      // On the entry's own date while its year is open; today once it is closed.
      const fecha = cerrados.has(ejercicioDe(a.asiento.Fecha))
        ? [a.asiento.Fecha, hoy()].sort().at(-1)!
        : a.asiento.Fecha;
      const inverso = asientoInverso(a.asiento, fecha);
      out.push({
        asiento: inverso,
        concepto: `Anulación: ${inverso.Apuntes[0]?.Concepto.replace(/^ANULA /, '') ?? a.asiento.Documento}`,
        origen,
        idOrigen: id,
        idRevertido: a.id,
      });
    }
    if (e) out.push({ asiento: e, concepto: e.Apuntes[0]?.Concepto ?? e.Documento, origen, idOrigen: id });
  }
  return out;
}

/** `cambios` for these documents, reading their current entries (and, when there are some, the closed years). */
async function cambiosDe(t: Scope, origen: string, ids: readonly number[], esperados: Map<number, Asiento>) {
  const actuales = await vigentes(t, origen, ids);
  const cerrados = actuales.size
    ? new Set((await t.pick({ y: E.Ejercicio }, E, eq(E.Cerrado, true))).map((r) => r.y))
    : new Set<number>();
  return cambios(origen, ids, esperados, actuales, cerrados);
}

/** The builder's entries of some union rows and the subaccounts they name. */
function construir(filas: Fila[], c: CuentasEmpresa, subcuentas: Map<string, Subcuenta>) {
  const porOrigen = new Map<OrigenDocumento, Map<number, Asiento>>();
  for (const r of filas) {
    const o = origenDeFila(r);
    if (!porOrigen.has(o)) porOrigen.set(o, new Map());
    porOrigen.get(o)!.set(Number(r.id), asientoDe(r, c, 0));
    anotarSubcuentas(r, c, subcuentas);
  }
  return porOrigen;
}

/**
 * Brings the ledger in line with some documents of one kind, inside the caller's transaction: the document engine
 * calls it when an invoice is issued / registered or cancelled and when a collection or payment is saved or deleted.
 */
export async function asentarDocumentos(t: Scope, origen: OrigenDocumento, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const aplazados = alFinal.get(t);
  if (aplazados) {
    for (const id of ids) aplazados.add(`${origen}:${id}`);
    return;
  }
  const c = await cuentasEmpresa(t);
  const subcuentas = new Map<string, Subcuenta>();
  const filas: Fila[] = [];
  for await (const lote of filasPeriodo(t, TODO, { origen, ids })) filas.push(...lote);
  const esperados = construir(filas, c, subcuentas).get(origen) ?? new Map();
  const entradas = await cambiosDe(t, origen, ids, esperados);
  await asentar(t, entradas, [...subcuentas.values(), ...subcuentasFijas(c)]);
}

// The documents each transaction inside `asentarAlFinal` changed, posted when its work is done.
const alFinal = new WeakMap<Scope, Set<`${OrigenDocumento}:${number}`>>();

/**
 * Runs `trabajo` and only then posts what it changed (each kind once, in the builder's order): a service that changes
 * several documents (a batch's collections, a return and its fee) takes every other lock first and the year's
 * counter last, as one document's change does.
 */
export async function asentarAlFinal<T>(t: Scope, trabajo: () => Promise<T>): Promise<T> {
  if (alFinal.has(t)) return trabajo();
  const aplazados = new Set<`${OrigenDocumento}:${number}`>();
  alFinal.set(t, aplazados);
  let out: T;
  try {
    out = await trabajo();
  } finally {
    alFinal.delete(t);
  }
  for (const origen of ORIGENES_DOCUMENTO) {
    const ids = [...aplazados].filter((k) => k.startsWith(`${origen}:`)).map((k) => Number(k.slice(origen.length + 1)));
    await asentarDocumentos(t, origen, ids);
  }
  return out;
}

/** One batch of documents' rows: each document's current entry made the builder's (new, or reversed and posted). */
async function asentarFilas(t: Scope, filas: Fila[], c: CuentasEmpresa): Promise<number> {
  const subcuentas = new Map<string, Subcuenta>();
  let escritos = 0;
  for (const [origen, esperados] of construir(filas, c, subcuentas)) {
    const entradas = await cambiosDe(t, origen, [...esperados.keys()], esperados);
    escritos += (await asentar(t, entradas, [...subcuentas.values(), ...subcuentasFijas(c)])).length;
  }
  return escritos;
}

/** The documents' rows of one kind (any date): those that still count. */
async function filasDe(t: Scope, origen: OrigenDocumento, ids: readonly number[]): Promise<Fila[]> {
  const filas: Fila[] = [];
  for await (const lote of filasPeriodo(t, TODO, { origen, ids })) filas.push(...lote);
  return filas;
}

/** Of these documents with a current entry, those that no longer count get the reverse entry. */
async function anularHuerfanos(t: Scope, origen: OrigenDocumento, ids: readonly number[]): Promise<number> {
  const vivos = new Set((await filasDe(t, origen, ids)).map((f) => Number(f.id)));
  const muertos = ids.filter((id) => !vivos.has(id));
  if (!muertos.length) return 0;
  return (await asentar(t, await cambiosDe(t, origen, muertos, new Map()))).length;
}

/** The current entries of the period, by kind, in groups of 1,000 document ids (their document may be gone). */
async function huerfanosPosibles(t: Scope, p: Periodo): Promise<[OrigenDocumento, number[]][]> {
  const out: [OrigenDocumento, number[]][] = [];
  for (const origen of ORIGENES_DOCUMENTO) {
    const ids = (
      await t.pick({ id: A.IdOrigen }, A, and(eq(A.Origen, origen), isNull(A.IdRevertido), periodoDe(p)))
    ).map((x) => Number(x.id));
    for (let i = 0; i < ids.length; i += 1000) out.push([origen, ids.slice(i, i + 1000)]);
  }
  return out;
}

/**
 * «Generar asientos» (idempotent): the period's documents without an entry get theirs, documents whose entry no
 * longer matches (cancelled, deleted, changed) get the reverse and the new one. Run again, it writes nothing.
 */
export async function generarAsientos(t: Scope, p: Periodo): Promise<{ Asientos: number }> {
  const c = await cuentasEmpresa(t);
  await asegurarPlan(t, c.Digitos);
  let escritos = 0;
  for await (const lote of filasPeriodo(t, p)) escritos += await asentarFilas(t, lote, c);
  // Current entries of the period whose document no longer counts (cancelled, deleted, moved out of the period).
  for (const [origen, ids] of await huerfanosPosibles(t, p)) escritos += await anularHuerfanos(t, origen, ids);
  return { Asientos: escritos };
}

/** Documents «Generar asientos» posts per call of its batched form (each batch its own transaction). */
export const LOTE_GENERAR = 200;

/** Where the batched «Generar asientos» goes on: after a document (date, kind, id), or the orphans' step. */
export type PasoGenerar = { desde: ClaveFila | null } | 'huerfanos';
const HUERFANOS = 'huerfanos';

/** The step a client sends back (`Siguiente` of the previous call: «2026-03-01.1.42» or «huerfanos»); none: the start. */
export function pasoGenerar(valor: unknown): PasoGenerar {
  if (valor === undefined || valor === null || valor === '') return { desde: null };
  if (valor === HUERFANOS) return HUERFANOS;
  const m = typeof valor === 'string' ? /^(\d{4}-\d{2}-\d{2})\.([1-8])\.(\d{1,18})$/.exec(valor) : null;
  if (!m || Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`))) throw badRequest('El paso de la generación no es válido');
  return { desde: { fecha: m[1]!, k: Number(m[2]), id: m[3]! } };
}

/** A document the batch could not post, and why (the rest of the batch is posted all the same). */
export interface ErrorDocumento {
  Documento: string;
  Fecha: string;
  Mensaje: string;
}

export interface LoteGenerado {
  /** Documents of the period (first call only: the progress bar's total). */
  Total?: number;
  /** Documents this call went through. */
  Documentos: number;
  Asientos: number;
  Errores: ErrorDocumento[];
  /** What to send as `Paso` next; null when the period is done. */
  Siguiente: string | null;
}

const ETIQUETA_ORIGEN: Record<OrigenDocumento, string> = {
  venta: 'Factura emitida',
  compra: 'Factura recibida',
  cobro: 'Cobro',
  pago: 'Pago',
  comision: 'Comisión bancaria',
  movimiento: 'Movimiento de tesorería',
  arqueo: 'Arqueo',
  traspaso: 'Traspaso',
};
const mensajeDe = (e: unknown) =>
  e instanceof AppError && e.status < 500 ? e.message : 'No se ha podido generar el asiento de este documento';

/**
 * Runs `trabajo` over `items` in one transaction; when it fails, item by item (each its own transaction), so one
 * document that cannot be posted (its year closed) does not stop the others: answers what was written and each
 * failed item with its Spanish reason.
 */
async function porLotes<T>(
  s: Scope,
  items: T[],
  trabajo: (t: Scope, items: T[]) => Promise<number>,
  fallo: (item: T, e: unknown) => ErrorDocumento,
): Promise<{ escritos: number; errores: ErrorDocumento[] }> {
  try {
    return { escritos: await s.tx((t) => trabajo(t, items)), errores: [] };
  } catch (e) {
    if (items.length <= 1) return { escritos: 0, errores: items.map((i) => fallo(i, e)) };
  }
  let escritos = 0;
  const errores: ErrorDocumento[] = [];
  for (const item of items) {
    try {
      escritos += await s.tx((t) => trabajo(t, [item]));
    } catch (e) {
      errores.push(fallo(item, e));
    }
  }
  return { escritos, errores };
}

/**
 * One call of the batched «Generar asientos» (the screen calls it again with `Siguiente` until null and shows the
 * progress): up to `LOTE_GENERAR` documents of the period after `paso`, posted in their own transaction, then a last
 * step for the entries whose document no longer counts. Whatever a call wrote stays written: run again, the whole
 * goes on writing nothing twice.
 */
export async function generarLote(s: Scope, p: Periodo, paso: PasoGenerar = { desde: null }): Promise<LoteGenerado> {
  const c = await cuentasEmpresa(s);
  if (paso === HUERFANOS) {
    const r = await porLotes(
      s,
      await huerfanosPosibles(s, p),
      async (t, grupos) => {
        let n = 0;
        for (const [origen, ids] of grupos) n += await anularHuerfanos(t, origen, ids);
        return n;
      },
      ([origen], e) => ({ Documento: ETIQUETA_ORIGEN[origen], Fecha: '', Mensaje: mensajeDe(e) }),
    );
    return { Documentos: 0, Asientos: r.escritos, Errores: r.errores, Siguiente: null };
  }
  const total = paso.desde ? undefined : await contarPeriodo(s, p);
  if (!paso.desde) await s.tx((t) => asegurarPlan(t, c.Digitos));
  const filas: Fila[] = [];
  for await (const lote of filasPeriodo(s, p, undefined, LOTE_GENERAR, paso.desde)) filas.push(...lote);
  const r = await porLotes(
    s,
    filas,
    // Each document read again inside the transaction that posts it: what is posted is what is committed.
    async (t, lista) => {
      let n = 0;
      for (const [origen, grupo] of agrupar(lista)) n += await asentarFilas(t, await filasDe(t, origen, grupo), c);
      return n;
    },
    (f, e) => ({
      Documento: f.doc ? `${ETIQUETA_ORIGEN[origenDeFila(f)]} ${f.doc}` : ETIQUETA_ORIGEN[origenDeFila(f)],
      Fecha: f.fecha,
      Mensaje: mensajeDe(e),
    }),
  );
  const ultima = filas.at(-1);
  return {
    ...(total === undefined ? {} : { Total: total }),
    Documentos: filas.length,
    Asientos: r.escritos,
    Errores: r.errores,
    Siguiente: filas.length < LOTE_GENERAR || !ultima ? HUERFANOS : `${ultima.fecha}.${ultima.k}.${ultima.id}`,
  };
}

/** Rows by kind, in their order, as the ids the union filters by. */
function agrupar(filas: Fila[]): Map<OrigenDocumento, number[]> {
  const out = new Map<OrigenDocumento, number[]>();
  for (const f of filas) {
    const o = origenDeFila(f);
    out.set(o, [...(out.get(o) ?? []), Number(f.id)]);
  }
  return out;
}

const periodoDe = (p: Periodo) => sql`${A.Fecha} between ${p.FechaDesde} and ${p.FechaHasta}`;

/** A manual entry (already checked balanced by the domain's schema); 409 when its year is closed. */
export async function crearAsientoManual(t: Scope, m: AsientoManual, digitos: number): Promise<number> {
  await asegurarPlan(t, digitos);
  const concepto = m.Concepto;
  const asiento: Asiento = {
    Numero: 0,
    Fecha: m.Fecha,
    Tipo: 'manual',
    Documento: m.Documento ?? '',
    Apuntes: m.Apuntes.map((l, i) => {
      const otra = m.Apuntes[i === 0 ? 1 : 0]!;
      return {
        Subcuenta: l.Subcuenta,
        Contrapartida: otra.Subcuenta,
        Concepto: (l.Concepto || concepto).slice(0, 100),
        Debe: importe(l.Debe),
        Haber: importe(l.Haber),
        Documento: m.Documento ?? '',
      };
    }),
  };
  const [id] = await asentar(t, [{ asiento, concepto, origen: 'manual', idOrigen: null }]);
  return id!;
}

/** Cancels a manual entry with its reverse, dated the same day (so a closed year refuses it: 409). */
export async function anularAsientoManual(t: Scope, id: number): Promise<number> {
  const [a] = await t.select(A, eq(A.Id, id));
  if (!a) throw notFound();
  if (a.Origen !== 'manual' || a.IdRevertido !== null) throw new AppError(422, MSG_LIBRO.soloManuales);
  const [ya] = await t.pick({ x: sql`1` }, A, eq(A.IdRevertido, id)).limit(1);
  if (ya) throw new AppError(409, MSG_LIBRO.yaAnulado);
  const lineas = await t.select(P, eq(P.IdAsiento, id)).orderBy(P.Orden);
  const original: Asiento = {
    Numero: a.Numero,
    Fecha: a.Fecha,
    Tipo: a.Tipo as Asiento['Tipo'],
    Documento: a.Documento,
    Apuntes: lineas.map((l) => ({
      Subcuenta: l.Subcuenta,
      Contrapartida: l.Contrapartida,
      Concepto: l.Concepto,
      Debe: importe(l.Debe),
      Haber: importe(l.Haber),
      Documento: l.Documento,
    })),
  };
  const [nuevo] = await asentar(t, [
    {
      asiento: asientoInverso(original, a.Fecha),
      concepto: `Anulación del asiento ${a.Numero}: ${a.Concepto}`.slice(0, 200),
      origen: 'manual',
      idOrigen: null,
      idRevertido: id,
    },
  ]);
  return nuevo!;
}

/**
 * Whether the ledger covers a period: the company keeps one (any entry) and no document of the period lacks its
 * entry. The exports read the ledger then, and the builder otherwise (documents from before the ledger).
 */
export async function libroCompleto(s: Scope, p: Periodo): Promise<boolean> {
  const [hay] = await s.pick({ x: sql`1` }, A).limit(1);
  if (!hay) return false;
  for await (const lote of filasPeriodo(s, p, { sinAsiento: true }, 1)) if (lote.length) return false;
  return true;
}

/** Balance (debe − haber, cents) of every subaccount with one, in a year (GROUP BY in the database). */
async function saldosEjercicio(t: Scope, ejercicio: number): Promise<Map<string, number>> {
  const filas = await t
    .pick({ cuenta: P.Subcuenta, saldo: sql<string>`sum(${P.Debe}) - sum(${P.Haber})` }, P, eq(P.Ejercicio, ejercicio))
    .groupBy(P.Subcuenta)
    .having(sql`sum(${P.Debe}) <> sum(${P.Haber})`)
    .orderBy(P.Subcuenta);
  return new Map(filas.map((f) => [f.cuenta, Number(f.saldo)]));
}

/** An entry that leaves each balance at zero (`lado` 1) or sets it again (−1): every line on the right side. */
function asientoDeSaldos(
  tipo: Asiento['Tipo'],
  fecha: string,
  concepto: string,
  saldos: Map<string, number>,
  lado: 1 | -1,
): Asiento {
  const apuntes: Apunte[] = [];
  for (const [cuenta, saldo] of saldos) {
    const v = -lado * saldo;
    apuntes.push({
      Subcuenta: cuenta,
      Contrapartida: '',
      Concepto: concepto,
      Debe: importe(Math.max(v, 0)),
      Haber: importe(Math.max(-v, 0)),
      Documento: '',
    });
  }
  return { Numero: 0, Fecha: fecha, Tipo: tipo, Documento: '', Apuntes: apuntes };
}

/** The year's row, locked; 409 when it is (or is not) closed as `cerrado` demands. */
async function ejercicioBloqueado(t: Scope, ejercicio: number) {
  await t.insert(E, { Ejercicio: ejercicio }).onConflictDoNothing();
  const [e] = await t.select(E, eq(E.Ejercicio, ejercicio)).for('update');
  return e!;
}

/**
 * Year close: the regularisation (groups 6 and 7 to 129), the closing entry (every balance to zero) on 31 December
 * and the opening entry of the next year on 1 January; then the year is closed and its entries immutable.
 */
export async function cerrarEjercicio(t: Scope, ejercicio: number, digitos: number) {
  const e = await ejercicioBloqueado(t, ejercicio);
  if (e.Cerrado) throw new AppError(409, MSG_LIBRO.ejercicioYaCerrado(ejercicio));
  const fin = `${ejercicio}-12-31`;
  const saldos = await saldosEjercicio(t, ejercicio);
  const resultado = new Map([...saldos].filter(([c]) => c.startsWith('6') || c.startsWith('7')));
  const entradas: Entrada[] = [];
  const cuenta129 = subcuentaFija('129', digitos);
  const neto = [...resultado.values()].reduce((s, v) => s + v, 0);
  if (resultado.size) {
    const reg = asientoDeSaldos('regularizacion', fin, 'REGULARIZACION', resultado, 1);
    reg.Apuntes.push({
      Subcuenta: cuenta129,
      Contrapartida: '',
      Concepto: 'REGULARIZACION',
      Debe: importe(Math.max(neto, 0)),
      Haber: importe(Math.max(-neto, 0)),
      Documento: '',
    });
    entradas.push({ asiento: reg, concepto: 'Regularización', origen: 'regularizacion', idOrigen: ejercicio });
  }
  const balance = new Map([...saldos].filter(([c]) => !resultado.has(c)));
  if (neto !== 0) balance.set(cuenta129, (balance.get(cuenta129) ?? 0) + neto);
  for (const [c, v] of balance) if (v === 0) balance.delete(c);
  if (balance.size) {
    entradas.push({
      asiento: asientoDeSaldos('cierre', fin, 'CIERRE', balance, 1),
      concepto: 'Cierre del ejercicio',
      origen: 'cierre',
      idOrigen: ejercicio,
    });
    entradas.push({
      asiento: asientoDeSaldos('apertura', `${ejercicio + 1}-01-01`, 'APERTURA', balance, -1),
      concepto: 'Apertura del ejercicio',
      origen: 'apertura',
      idOrigen: ejercicio,
    });
  }
  await asentar(t, entradas);
  await t.update(E, { Cerrado: true, CerradoEn: sql`now()` }, eq(E.Ejercicio, ejercicio));
  return { Ejercicio: ejercicio, Resultado: importe(-neto), Asientos: entradas.length };
}

/**
 * Reopening a closed year (only the last closed one): the year opens again and its regularisation, closing and the
 * next year's opening get their reverse entries (nothing is deleted).
 */
export async function reabrirEjercicio(t: Scope, ejercicio: number) {
  const e = await ejercicioBloqueado(t, ejercicio);
  if (!e.Cerrado) throw new AppError(409, MSG_LIBRO.ejercicioAbierto(ejercicio));
  const siguiente = await ejercicioBloqueado(t, ejercicio + 1);
  if (siguiente.Cerrado) throw new AppError(409, MSG_LIBRO.reabrirPosterior(ejercicio));
  await t.update(E, { Cerrado: false, CerradoEn: null }, eq(E.Ejercicio, ejercicio));
  const entradas: Entrada[] = [];
  for (const origen of ['apertura', 'cierre', 'regularizacion']) {
    const a = (await vigentes(t, origen, [ejercicio])).get(ejercicio);
    if (a)
      entradas.push({
        asiento: asientoInverso(a.asiento, a.asiento.Fecha),
        concepto: `Reapertura: anula ${origen}`,
        origen,
        idOrigen: ejercicio,
        idRevertido: a.id,
      });
  }
  await asentar(t, entradas);
  return { Ejercicio: ejercicio, Asientos: entradas.length };
}

const subcuentaFija = (cuenta: string, digitos: number) => cuenta.padEnd(digitos, '0');

/**
 * The ledger's entries of a period in batches, as the domain's `Asiento` (numbered as in the ledger), for the
 * ContaPlus and Sage exports; `subcuentas` receives each subaccount used with its title and NIF from the chart.
 */
export async function* asientosDelLibro(
  s: Scope,
  p: Periodo,
  subcuentas?: Map<string, Subcuenta>,
): AsyncGenerator<Asiento[]> {
  let last: { fecha: string; ejercicio: number; numero: number } | null = null;
  for (;;) {
    const filas: (FilaVigente & { ejercicio: number; numero: number; nombre: string | null; nif: string | null })[] =
      await s.execute(
        (_, de) => sql`with a as (
            select a.* from asientos_contables a
            where ${de('a')} and a.fecha between ${p.FechaDesde} and ${p.FechaHasta}
            ${last ? sql`and (a.fecha, a.ejercicio, a.numero) > (${last.fecha}, ${last.ejercicio}, ${last.numero})` : sql``}
            order by a.fecha, a.ejercicio, a.numero limit ${LOTE_LIBRO})
          select a.id::text, a.id_origen::text, a.fecha::text, a.tipo, a.documento, a.ejercicio, a.numero,
            p.subcuenta, p.contrapartida, p.concepto, p.debe::text, p.haber::text, p.documento as p_documento,
            p.base_imponible::text, p.porc_iva::text, p.porc_recargo::text, c.nombre, c.nif
          from a join apuntes_contables p on ${de('p')} and p.id_asiento = a.id
          left join cuentas_contables c on ${de('c')} and c.codigo = p.subcuenta
          order by a.fecha, a.ejercicio, a.numero, p.orden`,
      );
    if (!filas.length) return;
    const porAsiento = new Map<string, typeof filas>();
    for (const f of filas) porAsiento.set(f.id, [...(porAsiento.get(f.id) ?? []), f]);
    const lote = [...porAsiento.values()].map((l) => ({ ...asientoDeFilas(l), Numero: Number(l[0]!.numero) }));
    if (subcuentas)
      for (const f of filas)
        if (!subcuentas.has(f.subcuenta))
          subcuentas.set(f.subcuenta, { Codigo: f.subcuenta, Titulo: f.nombre ?? '', NIF: f.nif });
    yield lote;
    const tail = filas.at(-1)!;
    last = { fecha: tail.fecha, ejercicio: Number(tail.ejercicio), numero: Number(tail.numero) };
    if (porAsiento.size < LOTE_LIBRO) return;
  }
}
const LOTE_LIBRO = 500;
