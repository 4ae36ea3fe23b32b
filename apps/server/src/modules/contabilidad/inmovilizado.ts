import {
  asientoAmortizacion,
  asientoBaja,
  avisosCoeficiente,
  type BajaInmovilizado,
  CUENTA_BENEFICIOS_INMOVILIZADO,
  CUENTA_COBRO_BAJA,
  CUENTA_PERDIDAS_INMOVILIZADO,
  coeficienteAnual,
  coeficienteOficial,
  cuadroAmortizacion,
  cuadroAnual,
  cuentasDeGrupo,
  type InmovilizadoEntrada,
  importe,
  MSG,
  MSG_INMOVILIZADO,
  type PeriodoAmortizacion,
  type Subcuenta,
  subcuentaFija,
} from '@faro/domain';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { asientosContables as A, documentosCompra as DC, inmovilizado as I } from '../../platform/tenancy/tables.ts';
import { asegurarPlan, asentar, asentarDocumentos, type Entrada } from './libro.ts';

/**
 * The fixed-asset register: assets with their straight-line schedule (the domain's `cuadroAmortizacion`) and the
 * ledger entries it feeds. «Amortizar hasta» posts every month due up to a date that is not in the ledger yet (one
 * entry per asset and month, origen 'amortizacion', dated the month's last day), so running it twice writes nothing;
 * a closed year refuses it (409) and nothing is written. A baja posts the months before it and the baja entry
 * (origen 'baja'). An asset is edited or deleted only while none of its entries exist.
 */

type Fila = typeof I.$inferSelect;
const RECURSO = 'inmovilizado';

const campo = (Campo: string, Mensaje: string, status = 400) =>
  new AppError(status, MSG.formInvalid, [{ Campo, Mensaje }]);

/** What has been posted for these assets: the month-end dates of their depreciation entries, per asset. */
async function asentados(s: Scope, ids: readonly number[]): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>();
  if (!ids.length) return out;
  const filas = await s.pick(
    { id: A.IdOrigen, fecha: A.Fecha, asiento: A.Id },
    A,
    and(eq(A.Origen, 'amortizacion'), inArray(A.IdOrigen, [...ids]), isNull(A.IdRevertido)),
  );
  for (const f of filas) {
    const id = Number(f.id);
    if (!out.has(id)) out.set(id, new Map());
    out.get(id)!.set(f.fecha, f.asiento);
  }
  return out;
}

const cuadroDe = (f: Fila, fechaBaja = f.FechaBaja) =>
  cuadroAmortizacion({
    Coste: f.Coste,
    ValorResidual: f.ValorResidual,
    FechaInicio: f.FechaInicio,
    Coeficiente: f.Coeficiente,
    VidaUtil: f.VidaUtil,
    FechaBaja: fechaBaja,
  });

const previo = (f: Fila, p: PeriodoAmortizacion) => f.AmortizadoHasta !== null && p.Fecha <= f.AmortizadoHasta;

/** The asset as the API answers it: the row (money as text) and where it stands in the books. */
function aJson(f: Fila, hechos: Map<string, number> | undefined) {
  const { empresaId: _e, CreadoEn: _c, ...fila } = f;
  const cuadro = cuadroDe(f);
  const contabilizados = cuadro.filter((p) => previo(f, p) || hechos?.has(p.Fecha));
  const acumulada = contabilizados.reduce((s, p) => s + p.Cuota, 0);
  const ultimo = contabilizados.at(-1)?.Fecha ?? null;
  const estado = f.FechaBaja ? 'baja' : cuadro.length && ultimo === cuadro.at(-1)!.Fecha ? 'amortizado' : 'activo';
  return {
    ...fila,
    Coste: importe(f.Coste),
    ValorResidual: importe(f.ValorResidual),
    PrecioBaja: f.PrecioBaja === null ? null : importe(f.PrecioBaja),
    GrupoTexto: coeficienteOficial(f.Grupo)?.Descripcion ?? f.Grupo,
    CoeficienteAnual: Math.round(coeficienteAnual(f) * 100) / 100,
    AmortizacionAcumulada: importe(f.FechaBaja ? 0 : acumulada),
    ValorNetoContable: importe(f.FechaBaja ? 0 : f.Coste - acumulada),
    UltimaAmortizacion: ultimo,
    Asientos: hechos?.size ?? 0,
    Estado: estado,
    Avisos: avisosCoeficiente(f.Grupo, coeficienteAnual(f)),
  };
}

/** At most this many assets in the register's list (a small company has tens); the answer says when it was cut. */
const LIMITE_LISTA = 2000;

export async function listar(s: Scope) {
  const filas = await s
    .select(I)
    .orderBy(I.Codigo)
    .limit(LIMITE_LISTA + 1);
  const limitado = filas.length > LIMITE_LISTA;
  if (limitado) filas.pop();
  const hechos = await asentados(
    s,
    filas.map((f) => f.Id),
  );
  return { Items: filas.map((f) => aJson(f, hechos.get(f.Id))), TotalLimitado: limitado };
}

async function fila(s: Scope, id: number, bloquear = false): Promise<Fila> {
  const q = s.select(I, eq(I.Id, id));
  const [f] = bloquear ? await q.for('update') : await q;
  if (!f) throw notFound();
  return f;
}

export async function obtener(s: Scope, id: number) {
  const f = await fila(s, id);
  const factura = f.IdFacturaCompra
    ? (await s.pick({ NumSerie: DC.numSerie, Proveedor: DC.terceroNombre }, DC, eq(DC.id, f.IdFacturaCompra)))[0]
    : undefined;
  return { ...aJson(f, (await asentados(s, [id])).get(id)), Factura: factura ?? null };
}

/** The schedule month by month (posted or not) and by year. */
export async function cuadro(s: Scope, id: number) {
  const f = await fila(s, id);
  const hechos = (await asentados(s, [id])).get(id);
  const periodos = cuadroDe(f).map((p) => ({
    Periodo: p.Periodo,
    Fecha: p.Fecha,
    Cuota: importe(p.Cuota),
    Acumulada: importe(p.Acumulada),
    ValorNeto: importe(p.ValorNeto),
    Estado: previo(f, p) ? 'previo' : hechos?.has(p.Fecha) ? 'asentado' : 'pendiente',
    IdAsiento: hechos?.get(p.Fecha) ?? null,
  }));
  const anual = cuadroAnual(cuadroDe(f)).map((y) => ({
    Ejercicio: y.Ejercicio,
    Cuota: importe(y.Cuota),
    Acumulada: importe(y.Acumulada),
    ValorNeto: importe(y.ValorNeto),
  }));
  return { Elemento: aJson(f, hechos), Periodos: periodos, Anual: anual };
}

/** The row to store from the form: the subaccounts follow the group at the company's length. */
async function valores(s: Scope, e: InmovilizadoEntrada, digitos: number, id?: number) {
  const [repetido] = await s.pick({ Id: I.Id }, I, eq(I.Codigo, e.Codigo)).limit(2);
  if (repetido && repetido.Id !== id) throw campo('Codigo', MSG_INMOVILIZADO.codigoRepetido);
  if (e.IdFacturaCompra) {
    const [factura] = await s.pick({ id: DC.id }, DC, and(eq(DC.id, e.IdFacturaCompra), eq(DC.tipo, 'factura')));
    if (!factura) throw campo('IdFacturaCompra', MSG_INMOVILIZADO.facturaNoExiste);
  }
  return {
    ...e,
    Coeficiente: e.VidaUtil ? null : e.Coeficiente,
    ...cuentasDeGrupo(e.Grupo, digitos),
  };
}

export async function crear(t: Scope, e: InmovilizadoEntrada, digitos: number): Promise<number> {
  const [r] = await t.insert(I, await valores(t, e, digitos)).returning({ Id: I.Id });
  await t.audit({ accion: 'A', recurso: RECURSO, idRegistro: r!.Id, campos: e });
  await reasentarFacturas(t, [e.IdFacturaCompra]);
  return r!.Id;
}

/**
 * The purchase invoices an asset was linked to or is now: their entry carries the assets' 2xx instead of 600, so
 * the ledger re-posts them as any changed document (reverse + new entry; 409 when the invoice's year is closed).
 * Called last: the year's counter is the transaction's last lock.
 */
async function reasentarFacturas(t: Scope, ids: (number | null | undefined)[]) {
  const facturas = [...new Set(ids.filter((id): id is number => !!id))];
  await asentarDocumentos(t, 'compra', facturas);
}

/** An asset with entries in the ledger (or given baja) is not edited or deleted: 409. */
async function sinAsientos(t: Scope, f: Fila) {
  if (f.FechaBaja) throw new AppError(409, MSG_INMOVILIZADO.yaDeBaja);
  const [hay] = await t
    .pick({ x: sql`1` }, A, and(inArray(A.Origen, ['amortizacion', 'baja']), eq(A.IdOrigen, f.Id)))
    .limit(1);
  if (hay) throw new AppError(409, MSG_INMOVILIZADO.yaAsentado);
}

export async function actualizar(t: Scope, id: number, e: InmovilizadoEntrada, digitos: number): Promise<void> {
  const antes = await fila(t, id, true);
  await sinAsientos(t, antes);
  await t.update(I, await valores(t, e, digitos, id), eq(I.Id, id));
  await t.audit({ accion: 'M', recurso: RECURSO, idRegistro: id, campos: e });
  await reasentarFacturas(t, [antes.IdFacturaCompra, e.IdFacturaCompra]);
}

export async function borrar(t: Scope, id: number): Promise<void> {
  const antes = await fila(t, id, true);
  await sinAsientos(t, antes);
  await t.delete(I, eq(I.Id, id));
  await t.audit({ accion: 'D', recurso: RECURSO, idRegistro: id, campos: null });
  await reasentarFacturas(t, [antes.IdFacturaCompra]);
}

/** The subaccounts the entries name, with their titles (the chart's names; the asset's for its own 2xx). */
function subcuentasDe(filas: Fila[], digitos: number): Subcuenta[] {
  const out: Subcuenta[] = [
    {
      Codigo: subcuentaFija(CUENTA_PERDIDAS_INMOVILIZADO, digitos),
      Titulo: 'Pérdidas procedentes del inmovilizado material',
    },
    {
      Codigo: subcuentaFija(CUENTA_BENEFICIOS_INMOVILIZADO, digitos),
      Titulo: 'Beneficios procedentes del inmovilizado material',
    },
    {
      Codigo: subcuentaFija(CUENTA_COBRO_BAJA, digitos),
      Titulo: 'Créditos a corto plazo por enajenación de inmovilizado',
    },
  ];
  for (const f of filas) {
    const grupo = coeficienteOficial(f.Grupo)?.Descripcion ?? 'Inmovilizado';
    out.push({ Codigo: f.CuentaAmortizacion, Titulo: `Amortización acumulada: ${grupo}`.slice(0, 40) });
  }
  return out;
}

/** The depreciation entries of an asset's months due up to `hasta` that the ledger lacks. */
function pendientes(f: Fila, hechos: Map<string, number> | undefined, hasta: string, fechaBaja = f.FechaBaja) {
  return cuadroDe(f, fechaBaja)
    .filter((p) => p.Fecha <= hasta && !previo(f, p) && !hechos?.has(p.Fecha) && p.Cuota > 0)
    .map(
      (p): Entrada => ({
        asiento: asientoAmortizacion(f, p),
        concepto: `Amortización ${f.Codigo} ${p.Periodo}: ${f.Descripcion}`.slice(0, 200),
        origen: 'amortizacion',
        idOrigen: f.Id,
      }),
    );
}

/**
 * «Amortizar hasta»: posts every asset's depreciation due up to `hasta` (month ends ≤ hasta) not yet in the ledger.
 * The assets are locked first (two runs at once post once); the year counter is the last lock, inside `asentar`.
 */
export async function amortizar(t: Scope, hasta: string, digitos: number): Promise<{ Asientos: number }> {
  const filas = await t.select(I, lte(I.FechaInicio, hasta)).orderBy(I.Id).for('update');
  if (!filas.length) return { Asientos: 0 };
  const hechos = await asentados(
    t,
    filas.map((f) => f.Id),
  );
  const entradas = filas.flatMap((f) => pendientes(f, hechos.get(f.Id), hasta));
  entradas.sort((a, b) => a.asiento.Fecha.localeCompare(b.asiento.Fecha));
  if (!entradas.length) return { Asientos: 0 };
  await asegurarPlan(t, digitos);
  const ids = await asentar(t, entradas, subcuentasDe(filas, digitos));
  return { Asientos: ids.length };
}

/**
 * Baja (sale or retirement): the months before the baja's own are posted, then the baja entry (accumulated
 * depreciation and price against the cost, gain 771 / loss 671). Refused when depreciation after it is posted.
 */
export async function darDeBaja(t: Scope, id: number, b: BajaInmovilizado, digitos: number) {
  const f = await fila(t, id, true);
  if (f.FechaBaja) throw new AppError(409, MSG_INMOVILIZADO.yaDeBaja);
  if (b.Fecha < f.FechaInicio) throw campo('Fecha', MSG_INMOVILIZADO.bajaAnterior);
  const hechos = (await asentados(t, [id])).get(id);
  const posteriores = [...(hechos?.keys() ?? [])].filter((fecha) => fecha.slice(0, 7) >= b.Fecha.slice(0, 7));
  if (posteriores.length)
    throw new AppError(
      409,
      `Hay amortizaciones asentadas en el mes de la baja o después (${posteriores.sort().at(-1)}): la baja debe ser posterior`,
    );
  const meses = pendientes(f, hechos, b.Fecha, b.Fecha);
  const acumulada = cuadroDe(f, b.Fecha).reduce((s, p) => s + p.Cuota, 0);
  const baja: Entrada = {
    asiento: asientoBaja(f, {
      Fecha: b.Fecha,
      Precio: b.Precio,
      Acumulada: acumulada,
      CuentaCobro: b.CuentaCobro
        ? b.CuentaCobro.padEnd(digitos, '0').slice(0, digitos)
        : subcuentaFija(CUENTA_COBRO_BAJA, digitos),
      Digitos: digitos,
    }),
    concepto: `Baja ${f.Codigo}: ${f.Descripcion}`.slice(0, 200),
    origen: 'baja',
    idOrigen: id,
  };
  await t.update(I, { FechaBaja: b.Fecha, PrecioBaja: b.Precio }, eq(I.Id, id));
  await asegurarPlan(t, digitos);
  const ids = await asentar(t, [...meses, baja], subcuentasDe([f], digitos));
  await t.audit({ accion: 'M', recurso: RECURSO, idRegistro: id, campos: { Baja: b } });
  return {
    Asientos: ids.length,
    ValorNeto: importe(f.Coste - acumulada),
    Resultado: importe(b.Precio - (f.Coste - acumulada)),
    IdAsientoBaja: ids.at(-1)!,
  };
}
