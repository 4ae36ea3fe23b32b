/**
 * A small QR Code encoder (ISO/IEC 18004) for the VeriFactu QR: byte mode, error correction level M (what the AEAT
 * requires), versions 1–10 (up to 213 bytes; the cotejo URL takes about 130). Pure and synchronous, so the server's
 * PDF and the browser's SVG draw the same symbol. The mask is chosen by the standard's penalty rules.
 */

export type MatrizQr = boolean[][];

/** Level M per version 1–10: EC codewords per block and the data codewords of each block. */
const BLOQUES_M: readonly { ecc: number; datos: readonly number[] }[] = [
  { ecc: 10, datos: [16] },
  { ecc: 16, datos: [28] },
  { ecc: 26, datos: [44] },
  { ecc: 18, datos: [32, 32] },
  { ecc: 24, datos: [43, 43] },
  { ecc: 16, datos: [27, 27, 27, 27] },
  { ecc: 18, datos: [31, 31, 31, 31] },
  { ecc: 22, datos: [38, 38, 39, 39] },
  { ecc: 22, datos: [36, 36, 36, 37, 37] },
  { ecc: 26, datos: [43, 43, 43, 43, 44] },
];

const ALINEACION: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

export const VERSION_MAXIMA_QR = 10;

const datosDe = (version: number) => BLOQUES_M[version - 1]!.datos.reduce((a, b) => a + b, 0);

/** Bytes a version can carry in byte mode at level M. */
export function capacidadQr(version: number): number {
  const bitsCuenta = version < 10 ? 8 : 16;
  return Math.floor((datosDe(version) * 8 - 4 - bitsCuenta) / 8);
}

// ------------------------------------------------------------------------------------------------------------------
// Reed–Solomon over GF(256), polynomial x^8 + x^4 + x^3 + x^2 + 1

function multiplicar(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function divisor(grado: number): number[] {
  const r = new Array<number>(grado).fill(0);
  r[grado - 1] = 1;
  let raiz = 1;
  for (let i = 0; i < grado; i++) {
    for (let j = 0; j < r.length; j++) {
      r[j] = multiplicar(r[j]!, raiz);
      if (j + 1 < r.length) r[j]! ^= r[j + 1]!;
    }
    raiz = multiplicar(raiz, 0x02);
  }
  return r;
}

/** The `grado` error-correction codewords of `datos`. */
export function correccionReedSolomon(datos: readonly number[], grado: number): number[] {
  const div = divisor(grado);
  const r = new Array<number>(grado).fill(0);
  for (const b of datos) {
    const factor = b ^ r.shift()!;
    r.push(0);
    for (let i = 0; i < grado; i++) r[i]! ^= multiplicar(div[i]!, factor);
  }
  return r;
}

// ------------------------------------------------------------------------------------------------------------------

/** The data codewords (mode, count, bytes, terminator, padding) of a version. */
export function palabrasDatos(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const poner = (valor: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) bits.push((valor >>> i) & 1);
  };
  poner(0b0100, 4);
  poner(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) poner(b, 8);
  const capacidad = datosDe(version) * 8;
  poner(0, Math.min(4, capacidad - bits.length));
  while (bits.length % 8) bits.push(0);
  const palabras: number[] = [];
  for (let i = 0; i < bits.length; i += 8) palabras.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let relleno = 0xec; palabras.length < datosDe(version); relleno ^= 0xec ^ 0x11) palabras.push(relleno);
  return palabras;
}

/** Data blocks + their EC codewords, interleaved as the symbol carries them. */
export function palabrasFinales(datos: readonly number[], version: number): number[] {
  const { ecc, datos: tamanos } = BLOQUES_M[version - 1]!;
  const bloques: number[][] = [];
  let k = 0;
  for (const n of tamanos) {
    bloques.push(datos.slice(k, k + n));
    k += n;
  }
  const correcciones = bloques.map((b) => correccionReedSolomon(b, ecc));
  const out: number[] = [];
  const max = Math.max(...tamanos);
  for (let i = 0; i < max; i++) for (const b of bloques) if (i < b.length) out.push(b[i]!);
  for (let i = 0; i < ecc; i++) for (const c of correcciones) out.push(c[i]!);
  return out;
}

const MASCARAS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The 15 format bits for level M and a mask (BCH(15,5), XOR 0x5412). */
export function bitsFormato(mascara: number): number {
  const datos = (0b00 << 3) | mascara; // M = 00
  let r = datos;
  for (let i = 0; i < 10; i++) r = (r << 1) ^ ((r >>> 9) * 0x537);
  return ((datos << 10) | r) ^ 0x5412;
}

/** The 18 version bits (versions ≥ 7, BCH(18,6)). */
export function bitsVersion(version: number): number {
  let r = version;
  for (let i = 0; i < 12; i++) r = (r << 1) ^ ((r >>> 11) * 0x1f25);
  return (version << 12) | r;
}

const bit = (x: number, i: number) => ((x >>> i) & 1) !== 0;

class Simbolo {
  readonly tam: number;
  readonly m: boolean[][];
  readonly funcion: boolean[][];

  constructor(readonly version: number) {
    this.tam = version * 4 + 17;
    this.m = Array.from({ length: this.tam }, () => new Array<boolean>(this.tam).fill(false));
    this.funcion = Array.from({ length: this.tam }, () => new Array<boolean>(this.tam).fill(false));
    this.patrones();
  }

  private fijo(x: number, y: number, oscuro: boolean) {
    this.m[y]![x] = oscuro;
    this.funcion[y]![x] = true;
  }

  private patrones() {
    const t = this.tam;
    for (let i = 0; i < t; i++) {
      this.fijo(6, i, i % 2 === 0);
      this.fijo(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [
      [3, 3],
      [t - 4, 3],
      [3, t - 4],
    ] as const) {
      for (let dy = -4; dy <= 4; dy++)
        for (let dx = -4; dx <= 4; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          if (x < 0 || y < 0 || x >= t || y >= t) continue;
          const d = Math.max(Math.abs(dx), Math.abs(dy));
          this.fijo(x, y, d !== 2 && d !== 4);
        }
    }
    const pos = ALINEACION[this.version - 1]!;
    const ultimo = pos.length - 1;
    pos.forEach((px, i) => {
      pos.forEach((py, j) => {
        if ((i === 0 && j === 0) || (i === 0 && j === ultimo) || (i === ultimo && j === 0)) return;
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++) this.fijo(px + dx, py + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      });
    });
    this.formato(0); // reserves the format areas (drawn again with the chosen mask)
    if (this.version >= 7) {
      const v = bitsVersion(this.version);
      for (let i = 0; i < 18; i++) {
        const a = t - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.fijo(a, b, bit(v, i));
        this.fijo(b, a, bit(v, i));
      }
    }
  }

  formato(mascara: number) {
    const f = bitsFormato(mascara);
    const t = this.tam;
    for (let i = 0; i <= 5; i++) this.fijo(8, i, bit(f, i));
    this.fijo(8, 7, bit(f, 6));
    this.fijo(8, 8, bit(f, 7));
    this.fijo(7, 8, bit(f, 8));
    for (let i = 9; i < 15; i++) this.fijo(14 - i, 8, bit(f, i));
    for (let i = 0; i < 8; i++) this.fijo(t - 1 - i, 8, bit(f, i));
    for (let i = 8; i < 15; i++) this.fijo(8, t - 15 + i, bit(f, i));
    this.fijo(8, t - 8, true);
  }

  colocar(palabras: readonly number[]) {
    const t = this.tam;
    let i = 0;
    for (let derecha = t - 1; derecha >= 1; derecha -= 2) {
      if (derecha === 6) derecha = 5;
      for (let v = 0; v < t; v++) {
        for (let j = 0; j < 2; j++) {
          const x = derecha - j;
          const arriba = ((derecha + 1) & 2) === 0;
          const y = arriba ? t - 1 - v : v;
          if (this.funcion[y]![x] || i >= palabras.length * 8) continue;
          this.m[y]![x] = bit(palabras[i >>> 3]!, 7 - (i & 7));
          i++;
        }
      }
    }
  }

  enmascarar(mascara: number) {
    const f = MASCARAS[mascara]!;
    for (let y = 0; y < this.tam; y++)
      for (let x = 0; x < this.tam; x++) if (!this.funcion[y]![x] && f(x, y)) this.m[y]![x] = !this.m[y]![x];
  }
}

/** The standard's penalty score of a finished symbol (lower is better). */
export function penalizacion(m: MatrizQr): number {
  const t = m.length;
  let p = 0;
  const celda = (x: number, y: number, vertical: boolean) => (vertical ? m[x]![y]! : m[y]![x]!);
  for (const vertical of [false, true]) {
    for (let y = 0; y < t; y++) {
      let corrida = 1;
      for (let x = 1; x <= t; x++) {
        if (x < t && celda(x, y, vertical) === celda(x - 1, y, vertical)) {
          corrida++;
          continue;
        }
        if (corrida >= 5) p += 3 + (corrida - 5);
        corrida = 1;
      }
      // Finder-like patterns 1011101 with four light modules on either side, as a sliding 11-bit window.
      let ventana = 0;
      for (let x = 0; x < t; x++) {
        ventana = ((ventana << 1) | (celda(x, y, vertical) ? 1 : 0)) & 0x7ff;
        if (x >= 10 && (ventana === 0b10111010000 || ventana === 0b00001011101)) p += 40;
      }
    }
  }
  for (let y = 0; y + 1 < t; y++)
    for (let x = 0; x + 1 < t; x++) {
      const c = m[y]![x];
      if (c === m[y]![x + 1] && c === m[y + 1]![x] && c === m[y + 1]![x + 1]) p += 3;
    }
  const oscuros = m.reduce((a, fila) => a + fila.filter(Boolean).length, 0);
  const total = t * t;
  p += (Math.ceil(Math.abs(oscuros * 20 - total * 10) / total) - 1) * 10;
  return p;
}

export interface CodigoQr {
  version: number;
  mascara: number;
  /** [row][column], true = dark. No quiet zone. */
  modulos: MatrizQr;
}

/** Encodes text (UTF-8, byte mode) at level M in the smallest version 1–10 that fits. */
export function codificarQr(texto: string, opciones: { mascara?: number } = {}): CodigoQr {
  const bytes = new TextEncoder().encode(texto);
  let version = 1;
  while (version <= VERSION_MAXIMA_QR && capacidadQr(version) < bytes.length) version++;
  if (version > VERSION_MAXIMA_QR) throw new Error(`El texto del QR es demasiado largo (${bytes.length} bytes)`);
  const palabras = palabrasFinales(palabrasDatos(bytes, version), version);
  let mejor: CodigoQr | null = null;
  let mejorP = Number.POSITIVE_INFINITY;
  const mascaras = opciones.mascara === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [opciones.mascara];
  for (const mascara of mascaras) {
    const s = new Simbolo(version);
    s.colocar(palabras);
    s.enmascarar(mascara);
    s.formato(mascara);
    const p = penalizacion(s.m);
    if (p < mejorP) {
      mejorP = p;
      mejor = { version, mascara, modulos: s.m };
    }
  }
  return mejor!;
}

/** An SVG of the QR (dark modules as one path) with a quiet zone of `margen` modules. */
export function svgQr(texto: string, opciones: { margen?: number; tamano?: string } = {}): string {
  const { modulos } = codificarQr(texto);
  const margen = opciones.margen ?? 4;
  const lado = modulos.length + margen * 2;
  let d = '';
  modulos.forEach((fila, y) => {
    fila.forEach((oscuro, x) => {
      if (oscuro) d += `M${x + margen} ${y + margen}h1v1h-1z`;
    });
  });
  const tam = opciones.tamano ? ` width="${opciones.tamano}" height="${opciones.tamano}"` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${lado} ${lado}"${tam} shape-rendering="crispEdges">` +
    `<rect width="${lado}" height="${lado}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`
  );
}

/** Which modules of a version are function patterns (finders, timing, alignment, format, version): for tests. */
export function zonasFuncion(version: number): boolean[][] {
  return new Simbolo(version).funcion;
}
