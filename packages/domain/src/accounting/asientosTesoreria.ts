import {
  type Asiento,
  ajustarCuenta,
  type CuentasEmpresa,
  centimos,
  importe,
  type MovimientoContable,
  PGC,
  subcuentaTesoreria,
} from './asientos.ts';

/** Accounts of the treasury's own events (PGC PYMES). */
export const PGC_TESORERIA = {
  /** Cash-count shortage: «Gastos excepcionales» (678). */
  gastosExcepcionales: '678',
  /** Cash-count surplus: «Ingresos excepcionales» (778). */
  ingresosExcepcionales: '778',
} as const;

/**
 * A movement of the treasury that is no document's: a bank fee, a movement with an accounted concept, a count, a
 * transfer between two of the company's accounts (the other account's subaccount as the `Contrapartida`).
 */
export interface MovimientoTesoreriaContable extends MovimientoContable {
  /** The account on the other side of the treasury account (626, 669, 678…), any length. */
  Contrapartida: string;
  /** The entry's readable concept («Comisión mantenimiento — Banco X»). */
  Concepto: string;
}

/**
 * A treasury movement's entry: money in (positive Importe) D 57x / H the movement's account, money out (negative)
 * D the account / H 57x. The concept stays readable (mixed case, accents); ContaPlus folds it when it writes it.
 */
export function asientoMovimientoTesoreria(
  m: MovimientoTesoreriaContable,
  c: CuentasEmpresa,
  numero: number,
  tipo: Extract<Asiento['Tipo'], 'comision' | 'movimiento' | 'arqueo' | 'traspaso'>,
): Asiento {
  const tesoreria = subcuentaTesoreria(m.Cuenta, c.Digitos);
  const otra = ajustarCuenta(m.Contrapartida, c.Digitos);
  const cents = centimos(m.Importe);
  const [debe, haber] = cents >= 0 ? [tesoreria, otra] : [otra, tesoreria];
  const a = importe(Math.abs(cents));
  const linea = (Subcuenta: string, Contrapartida: string, d: boolean) => ({
    Subcuenta,
    Contrapartida,
    Concepto: m.Concepto.slice(0, 100),
    Debe: d ? a : '0.00',
    Haber: d ? '0.00' : a,
    Documento: m.Documento,
  });
  return {
    Numero: numero,
    Fecha: m.Fecha,
    Tipo: tipo,
    Documento: m.Documento,
    Apuntes: cents === 0 ? [] : [linea(debe, haber, true), linea(haber, debe, false)],
  };
}

/** The account of a cash-count difference: 678 for a shortage (negative), 778 for a surplus. */
export const cuentaDiferenciaArqueo = (importeDiferencia: string) =>
  centimos(importeDiferencia) < 0 ? PGC_TESORERIA.gastosExcepcionales : PGC_TESORERIA.ingresosExcepcionales;

/** The bank-fee account (626) for a fee movement without a concept of its own. */
export const CUENTA_COMISIONES = PGC.serviciosBancarios;
