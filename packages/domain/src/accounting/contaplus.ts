import { type Apunte, type Asiento, asciiMayusculas, type Subcuenta } from './asientos.ts';

/**
 * ContaPlus ASCII import files (compliance-es.md §5.1): XDiario, one fixed-width line of 297 characters per line
 * of an entry, and XSubCta, one line per subaccount. Amounts go in the EURO* fields (PTA* are zero), decimals with
 * '.', numbers right-aligned, texts left-aligned and folded to upper-case ASCII (so characters = bytes). Lines end
 * with CRLF.
 */
type Campo = readonly [nombre: string, posicion: number, longitud: number];

/** XDiario fields: name, 1-based position, length (compliance-es.md §5.1, ASCII alternative). */
export const XDIARIO: readonly Campo[] = [
  ['ASIEN', 1, 6],
  ['FECHA', 7, 8],
  ['SUBCTA', 15, 12],
  ['CONTRA', 27, 12],
  ['PTADEBE', 39, 16],
  ['CONCEPTO', 55, 25],
  ['PTAHABER', 80, 16],
  ['FACTURA', 96, 8],
  ['BASEIMPO', 104, 16],
  ['IVA', 120, 5],
  ['RECEQUIV', 125, 5],
  ['DOCUMENTO', 130, 10],
  ['DEPARTA', 140, 3],
  ['CLAVE', 143, 6],
  ['ESTADO', 149, 1],
  ['NCASADO', 150, 6],
  ['TCASADO', 156, 1],
  ['TRANS', 157, 6],
  ['CAMBIO', 163, 16],
  ['DEBEME', 179, 16],
  ['HABERME', 195, 16],
  ['AUXILIAR', 211, 1],
  ['SERIE', 212, 1],
  ['SUCURSAL', 213, 4],
  ['CODDIVISA', 217, 5],
  ['IMPAUXME', 222, 16],
  ['MONEDAUSO', 238, 1],
  ['EURODEBE', 239, 16],
  ['EUROHABER', 255, 16],
  ['BASEEURO', 271, 16],
  ['NOCONV', 287, 1],
  ['NUMEROINV', 288, 10],
];

/**
 * XSubCta fields. The official list is not public (compliance-es.md §5.1: ~130 fields); these are the ones an
 * import needs — code, title, NIF, address — in this order and these widths.
 */
export const XSUBCTA: readonly Campo[] = [
  ['COD', 1, 12],
  ['TITULO', 13, 40],
  ['NIF', 53, 15],
  ['DOMICILIO', 68, 35],
  ['POBLACION', 103, 25],
  ['PROVINCIA', 128, 20],
  ['CODPOSTAL', 148, 5],
];

/** A file's line length: up to the end of its last field. */
const longitudDe = (campos: readonly Campo[]) =>
  Math.max(...campos.map(([, posicion, longitud]) => posicion + longitud - 1));
export const XDIARIO_LONGITUD = longitudDe(XDIARIO);
export const XSUBCTA_LONGITUD = longitudDe(XSUBCTA);

const NUMERICOS = new Set([
  'ASIEN',
  'PTADEBE',
  'PTAHABER',
  'FACTURA',
  'BASEIMPO',
  'IVA',
  'RECEQUIV',
  'NCASADO',
  'TCASADO',
  'TRANS',
  'CAMBIO',
  'DEBEME',
  'HABERME',
  'IMPAUXME',
  'EURODEBE',
  'EUROHABER',
  'BASEEURO',
]);

/** One fixed-width line from the values by field name (missing: blank or zero). */
function linea(campos: readonly Campo[], longitud: number, valores: Record<string, string>): string {
  let out = '';
  for (const [nombre, pos, len] of campos) {
    if (out.length !== pos - 1) throw new Error(`Campo ${nombre} fuera de su posición`);
    const v = valores[nombre] ?? '';
    if (NUMERICOS.has(nombre)) {
      const n = v || '0';
      out += n.length > len ? n.slice(-len) : n.padStart(len, ' ');
    } else {
      out += asciiMayusculas(v).slice(0, len).padEnd(len, ' ');
    }
  }
  if (out.length !== longitud) throw new Error(`Línea de ${out.length} caracteres`);
  return out;
}

/** The invoice number (FACTURA, N) and series letter (SERIE, C1) of a NumSerie such as 'F2026-000012'. */
export function facturaYSerie(numSerie: string): { factura: string; serie: string } {
  const num = /(\d+)\D*$/.exec(numSerie)?.[1] ?? '';
  const serie = /^[A-Za-z]/.exec(numSerie)?.[0] ?? '';
  return { factura: num.replace(/^0+(?=\d)/, '').slice(-8), serie: serie.toUpperCase() };
}

/** One XDiario line of an entry's line. */
export function lineaXDiario(a: Asiento, ap: Apunte): string {
  const { factura, serie } = facturaYSerie(ap.Documento);
  const esIva = ap.BaseImponible !== undefined;
  return linea(XDIARIO, XDIARIO_LONGITUD, {
    ASIEN: String(a.Numero),
    FECHA: a.Fecha.replace(/-/g, ''),
    SUBCTA: ap.Subcuenta,
    CONTRA: ap.Contrapartida,
    PTADEBE: '0.00',
    CONCEPTO: ap.Concepto,
    PTAHABER: '0.00',
    FACTURA: a.Tipo === 'cobro' || a.Tipo === 'pago' || a.Tipo === 'comision' ? '0' : factura || '0',
    BASEIMPO: '0.00',
    IVA: esIva ? (ap.PorcIva ?? '0.00') : '0.00',
    RECEQUIV: esIva ? (ap.PorcRecargo ?? '0.00') : '0.00',
    DOCUMENTO: ap.Documento,
    NCASADO: '0',
    TCASADO: '0',
    TRANS: '0',
    CAMBIO: '0.000000',
    DEBEME: '0.000000',
    HABERME: '0.000000',
    SERIE: serie,
    IMPAUXME: '0.000000',
    MONEDAUSO: '2',
    EURODEBE: ap.Debe,
    EUROHABER: ap.Haber,
    BASEEURO: esIva ? (ap.BaseImponible ?? '0.00') : '0.00',
    NOCONV: 'F',
  });
}

/** The XDiario of some entries (CRLF after every line). */
export function xDiario(asientos: Iterable<Asiento>): string {
  let out = '';
  for (const a of asientos) for (const ap of a.Apuntes) out += `${lineaXDiario(a, ap)}\r\n`;
  return out;
}

const CAMPO_XDIARIO = new Map(XDIARIO.map(([nombre, pos, len]) => [nombre, { desde: pos - 1, len }]));
/** The XDiario line with every constant field of `lineaXDiario` written (the rest blank), CRLF included. */
let plantillaXDiario: Uint8Array | undefined;
function plantilla(): Uint8Array {
  if (plantillaXDiario) return plantillaXDiario;
  const vacio: Asiento = { Numero: 0, Fecha: '', Tipo: 'cobro', Documento: '', Apuntes: [] };
  const ap: Apunte = { Subcuenta: '', Contrapartida: '', Concepto: '', Debe: '', Haber: '', Documento: '' };
  const texto = `${lineaXDiario(vacio, ap)}\r\n`;
  plantillaXDiario = Uint8Array.from(texto, (c) => c.charCodeAt(0) & 0xff);
  return plantillaXDiario;
}

/** Writes one field of a line at `base` as `linea` does: numbers right-aligned (their tail), texts folded and left-aligned. */
function campoEn(out: Uint8Array, base: number, nombre: string, valor: string, numerico: boolean) {
  const { desde, len } = CAMPO_XDIARIO.get(nombre)!;
  const inicio = base + desde;
  out.fill(0x20, inicio, inicio + len);
  if (numerico) {
    const n = valor || '0';
    const v = n.length > len ? n.slice(-len) : n;
    const d = inicio + len - v.length;
    for (let i = 0; i < v.length; i++) out[d + i] = v.charCodeAt(i) & 0xff;
  } else {
    const v = asciiMayusculas(valor);
    const n = Math.min(v.length, len);
    for (let i = 0; i < n; i++) out[inicio + i] = v.charCodeAt(i);
  }
}

/**
 * The XDiario of some entries as latin-1 bytes, identical to `xDiario` (a test walks both): a copy of the constant
 * line per entry line and only the varying fields written — the exports of a year write a million lines.
 */
export function xDiarioBytes(asientos: readonly Asiento[]): Uint8Array {
  const linea = XDIARIO_LONGITUD + 2;
  let total = 0;
  for (const a of asientos) total += a.Apuntes.length;
  const base = plantilla();
  const out = new Uint8Array(total * linea);
  let o = 0;
  let documento: string | undefined;
  let fs = { factura: '', serie: '' };
  for (const a of asientos) {
    const sinFactura = a.Tipo === 'cobro' || a.Tipo === 'pago' || a.Tipo === 'comision';
    const asien = String(a.Numero);
    const fecha = a.Fecha.replace(/-/g, '');
    for (const ap of a.Apuntes) {
      if (ap.Documento !== documento) {
        documento = ap.Documento;
        fs = facturaYSerie(documento);
      }
      const esIva = ap.BaseImponible !== undefined;
      out.set(base, o);
      campoEn(out, o, 'ASIEN', asien, true);
      campoEn(out, o, 'FECHA', fecha, false);
      campoEn(out, o, 'SUBCTA', ap.Subcuenta, false);
      campoEn(out, o, 'CONTRA', ap.Contrapartida, false);
      campoEn(out, o, 'CONCEPTO', ap.Concepto, false);
      campoEn(out, o, 'FACTURA', sinFactura ? '0' : fs.factura || '0', true);
      campoEn(out, o, 'IVA', esIva ? (ap.PorcIva ?? '0.00') : '0.00', true);
      campoEn(out, o, 'RECEQUIV', esIva ? (ap.PorcRecargo ?? '0.00') : '0.00', true);
      campoEn(out, o, 'DOCUMENTO', ap.Documento, false);
      campoEn(out, o, 'SERIE', fs.serie, false);
      campoEn(out, o, 'EURODEBE', ap.Debe, true);
      campoEn(out, o, 'EUROHABER', ap.Haber, true);
      campoEn(out, o, 'BASEEURO', esIva ? (ap.BaseImponible ?? '0.00') : '0.00', true);
      o += linea;
    }
  }
  return out;
}

/** One XSubCta line. */
export function lineaXSubCta(s: Subcuenta): string {
  return linea(XSUBCTA, XSUBCTA_LONGITUD, {
    COD: s.Codigo,
    TITULO: s.Titulo,
    NIF: s.NIF ?? '',
    DOMICILIO: s.Domicilio ?? '',
    POBLACION: s.Poblacion ?? '',
    PROVINCIA: s.Provincia ?? '',
    CODPOSTAL: s.CodPostal ?? '',
  });
}

/** Reads one field of a fixed-width line back (tests, previews). */
export function campo(campos: readonly Campo[], line: string, nombre: string): string {
  const c = campos.find(([n]) => n === nombre);
  if (!c) throw new Error(`Campo desconocido ${nombre}`);
  return line.slice(c[1] - 1, c[1] - 1 + c[2]);
}
