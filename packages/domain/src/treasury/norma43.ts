import { add, compare, dec, neg, sub, toFixed, ZERO } from '../money/decimal.ts';

/** A movement of a Norma 43 statement (record 22 with its 23 records). Importe signed: credits positive. */
export interface ApunteNorma43 {
  linea: number;
  fechaOperacion: string;
  fechaValor: string;
  conceptoComun: string;
  conceptoPropio: string;
  importe: string;
  documento: string;
  referencia1: string;
  referencia2: string;
  concepto: string;
}

/** One account block (record 11 … record 33). */
export interface CuentaNorma43 {
  banco: string;
  oficina: string;
  cuenta: string;
  desde: string;
  hasta: string;
  saldoInicial: string;
  saldoFinal: string;
  divisa: string;
  titular: string;
  apuntes: ApunteNorma43[];
}

/** A malformed file: the message names the line (1-based). */
export class ErrorNorma43 extends Error {
  constructor(
    readonly linea: number,
    detalle: string,
  ) {
    super(`Línea ${linea}: ${detalle}`);
  }
}

/** Common concepts (AEB) shown beside each line. */
export const CONCEPTOS_COMUNES_N43: Record<string, string> = {
  '01': 'Talones / reintegros',
  '02': 'Abonarés / entregas / ingresos',
  '03': 'Domiciliados / recibos / letras / pagos por su cuenta',
  '04': 'Giros / transferencias / traspasos / cheques',
  '05': 'Amortizaciones préstamos / créditos',
  '06': 'Remesas efectos',
  '07': 'Suscripciones / dividendos',
  '08': 'Dividendos / cupones / intereses',
  '09': 'Operaciones de bolsa',
  '10': 'Cheques gasolina',
  '11': 'Cajero automático',
  '12': 'Tarjetas de crédito / débito',
  '13': 'Operaciones con el extranjero',
  '14': 'Devoluciones e impagados',
  '15': 'Nóminas / seguros sociales',
  '16': 'Timbres / corretaje / póliza',
  '17': 'Intereses / comisiones / custodia / gastos e impuestos',
  '98': 'Anulaciones / correcciones de asiento',
  '99': 'Varios',
};

function fecha(s: string, linea: number, campo: string): string {
  if (!/^\d{6}$/.test(s)) throw new ErrorNorma43(linea, `la ${campo} no es una fecha AAMMDD`);
  const y = 2000 + Number(s.slice(0, 2));
  const m = Number(s.slice(2, 4));
  const d = Number(s.slice(4, 6));
  const iso = `${y}-${s.slice(2, 4)}-${s.slice(4, 6)}`;
  const t = new Date(`${iso}T00:00:00Z`);
  if (m < 1 || m > 12 || d < 1 || t.getUTCDate() !== d) throw new ErrorNorma43(linea, `la ${campo} no existe`);
  return iso;
}

function importe(s: string, linea: number, campo: string): string {
  if (!/^\d{14}$/.test(s)) throw new ErrorNorma43(linea, `el ${campo} no es numérico`);
  return toFixed(dec(`${s.slice(0, 12)}.${s.slice(12)}`), 2);
}

function signo(s: string, linea: number): 1 | -1 {
  if (s === '1') return -1;
  if (s === '2') return 1;
  throw new ErrorNorma43(linea, 'la clave debe/haber debe ser 1 o 2');
}

const con = (n: number, s: string) => (n < 0 ? toFixed(neg(dec(s)), 2) : s);

/**
 * Parses an AEB Cuaderno 43 statement (80-character records 00, 11, 22, 23, 24, 33, 88). Checks each field, that
 * the 33 totals and counts match the 22 records, opening balance + credits − debits = closing balance, and the 88
 * record count. Any fault throws ErrorNorma43 with the line number; nothing is returned half.
 */
export function parsearNorma43(texto: string): CuentaNorma43[] {
  const lineas = texto.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lineas.length && lineas[lineas.length - 1]!.trim() === '') lineas.pop();
  if (!lineas.length) throw new ErrorNorma43(1, 'el fichero está vacío');
  const cuentas: CuentaNorma43[] = [];
  let actual: CuentaNorma43 | null = null;
  let ultimo: ApunteNorma43 | null = null;
  let registros = 0;
  let fin = false;
  for (let i = 0; i < lineas.length; i++) {
    const n = i + 1;
    const raw = lineas[i]!.replace(/\s+$/, '');
    if (raw.length > 80) throw new ErrorNorma43(n, 'el registro tiene más de 80 caracteres');
    if (fin) throw new ErrorNorma43(n, 'hay registros después del registro final 88');
    const l = raw.padEnd(80, ' ');
    const tipo = l.slice(0, 2);
    const p = (desde: number, largo: number) => l.slice(desde - 1, desde - 1 + largo);
    if (tipo !== '00' && tipo !== '88') registros++;
    switch (tipo) {
      case '00':
        if (i !== 0) throw new ErrorNorma43(n, 'el registro 00 sólo puede ir al principio');
        break;
      case '11': {
        if (actual) throw new ErrorNorma43(n, 'falta el registro 33 de la cuenta anterior');
        if (!/^\d{4}$/.test(p(3, 4)) || !/^\d{4}$/.test(p(7, 4)) || !/^\d{10}$/.test(p(11, 10)))
          throw new ErrorNorma43(n, 'la entidad, oficina o cuenta no son numéricas');
        const s = signo(p(33, 1), n);
        actual = {
          banco: p(3, 4),
          oficina: p(7, 4),
          cuenta: p(11, 10),
          desde: fecha(p(21, 6), n, 'fecha inicial'),
          hasta: fecha(p(27, 6), n, 'fecha final'),
          saldoInicial: con(s, importe(p(34, 14), n, 'saldo inicial')),
          saldoFinal: '0.00',
          divisa: p(48, 3),
          titular: p(52, 26).trim(),
          apuntes: [],
        };
        ultimo = null;
        break;
      }
      case '22': {
        if (!actual) throw new ErrorNorma43(n, 'movimiento sin registro 11 de cabecera de cuenta');
        const s = signo(p(28, 1), n);
        if (!/^\d{2}$/.test(p(23, 2))) throw new ErrorNorma43(n, 'el concepto común no es numérico');
        ultimo = {
          linea: n,
          fechaOperacion: fecha(p(11, 6), n, 'fecha de operación'),
          fechaValor: fecha(p(17, 6), n, 'fecha valor'),
          conceptoComun: p(23, 2),
          conceptoPropio: p(25, 3).trim(),
          importe: con(s, importe(p(29, 14), n, 'importe')),
          documento: p(43, 10).trim(),
          referencia1: p(53, 12).trim(),
          referencia2: p(65, 16).trim(),
          concepto: '',
        };
        actual.apuntes.push(ultimo);
        break;
      }
      case '23': {
        if (!ultimo) throw new ErrorNorma43(n, 'concepto complementario sin movimiento 22');
        const texto = `${p(5, 38)}${p(43, 38)}`.replace(/\s+/g, ' ').trim();
        ultimo.concepto = [ultimo.concepto, texto].filter(Boolean).join(' ');
        break;
      }
      case '24':
        if (!ultimo) throw new ErrorNorma43(n, 'equivalencia de divisa sin movimiento 22');
        break;
      case '33': {
        if (!actual) throw new ErrorNorma43(n, 'registro 33 sin registro 11');
        if (p(11, 10) !== actual.cuenta) throw new ErrorNorma43(n, 'la cuenta no coincide con la del registro 11');
        const nDebe = Number(p(21, 5));
        const nHaber = Number(p(40, 5));
        if (!/^\d{5}$/.test(p(21, 5)) || !/^\d{5}$/.test(p(40, 5)))
          throw new ErrorNorma43(n, 'el número de apuntes no es numérico');
        const debe = importe(p(26, 14), n, 'total debe');
        const haber = importe(p(45, 14), n, 'total haber');
        const final = con(signo(p(59, 1), n), importe(p(60, 14), n, 'saldo final'));
        const cargos = actual.apuntes.filter((a) => a.importe.startsWith('-'));
        const abonos = actual.apuntes.filter((a) => !a.importe.startsWith('-'));
        const sumaDe = (xs: ApunteNorma43[]) => xs.reduce((t, a) => add(t, dec(a.importe)), ZERO);
        if (cargos.length !== nDebe || abonos.length !== nHaber)
          throw new ErrorNorma43(n, 'el número de apuntes no coincide con los movimientos');
        if (compare(neg(sumaDe(cargos)), dec(debe)) !== 0 || compare(sumaDe(abonos), dec(haber)) !== 0)
          throw new ErrorNorma43(n, 'los totales del debe o del haber no coinciden con los movimientos');
        const esperado = add(dec(actual.saldoInicial), sub(dec(haber), dec(debe)));
        if (compare(esperado, dec(final)) !== 0)
          throw new ErrorNorma43(n, 'el saldo final no es el saldo inicial más abonos menos cargos');
        actual.saldoFinal = final;
        cuentas.push(actual);
        actual = null;
        ultimo = null;
        break;
      }
      case '88': {
        if (actual) throw new ErrorNorma43(n, 'falta el registro 33 de la cuenta');
        const total = Number(p(21, 6));
        if (!/^\d{6}$/.test(p(21, 6)) || (total !== registros && total !== registros + 1))
          throw new ErrorNorma43(n, 'el número de registros del fichero no coincide');
        fin = true;
        break;
      }
      default:
        throw new ErrorNorma43(n, `tipo de registro desconocido «${tipo.trim()}»`);
    }
  }
  if (actual) throw new ErrorNorma43(lineas.length, 'falta el registro 33 de la cuenta');
  if (!cuentas.length) throw new ErrorNorma43(1, 'el fichero no contiene ninguna cuenta');
  return cuentas;
}

const num = (v: string, largo: number) => {
  const d = dec(v);
  const cents = (d.units < 0n ? -d.units : d.units) * 10n ** BigInt(2 - Math.min(2, d.scale));
  return String(cents).padStart(largo, '0');
};
const aammdd = (iso: string) => iso.slice(2).replace(/-/g, '');
const dc = (v: string) => (v.startsWith('-') ? '1' : '2');

/** Writes a Norma 43 file (demo data, tests, bench): the inverse of parsearNorma43. */
export function escribirNorma43(
  c: Omit<CuentaNorma43, 'saldoFinal' | 'apuntes'> & {
    apuntes: Omit<ApunteNorma43, 'linea'>[];
  },
): string {
  const out: string[] = [];
  const r = (s: string) => out.push(s.padEnd(80, ' ').slice(0, 80));
  r(
    `11${c.banco}${c.oficina}${c.cuenta}${aammdd(c.desde)}${aammdd(c.hasta)}${dc(c.saldoInicial)}${num(c.saldoInicial, 14)}${c.divisa}3${c.titular.padEnd(26).slice(0, 26)}   `,
  );
  let saldo = dec(c.saldoInicial);
  let debe = ZERO;
  let haber = ZERO;
  let nd = 0;
  let nh = 0;
  for (const a of c.apuntes) {
    r(
      `22    ${c.oficina}${aammdd(a.fechaOperacion)}${aammdd(a.fechaValor)}${a.conceptoComun}${a.conceptoPropio.padEnd(3).slice(0, 3)}${dc(a.importe)}${num(a.importe, 14)}${a.documento.padEnd(10).slice(0, 10)}${a.referencia1.padEnd(12).slice(0, 12)}${a.referencia2.padEnd(16).slice(0, 16)}`,
    );
    if (a.concepto) r(`2301${a.concepto.padEnd(76).slice(0, 76)}`);
    saldo = add(saldo, dec(a.importe));
    if (a.importe.startsWith('-')) {
      nd++;
      debe = sub(debe, dec(a.importe));
    } else {
      nh++;
      haber = add(haber, dec(a.importe));
    }
  }
  const fin = toFixed(saldo, 2);
  r(
    `33${c.banco}${c.oficina}${c.cuenta}${String(nd).padStart(5, '0')}${num(toFixed(debe, 2), 14)}${String(nh).padStart(5, '0')}${num(toFixed(haber, 2), 14)}${dc(fin)}${num(fin, 14)}${c.divisa}`,
  );
  r(`88${'9'.repeat(18)}${String(out.length).padStart(6, '0')}`);
  return `${out.join('\r\n')}\r\n`;
}
