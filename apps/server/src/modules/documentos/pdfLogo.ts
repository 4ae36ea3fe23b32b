import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** The logo's box at the top left of the sales PDF: 40 × 20 mm, the image scaled to fit with its aspect ratio. */
const MM = 72 / 25.4;
export const LOGO_CAJA = { ancho: 40 * MM, alto: 20 * MM };

/** Larger logos are not drawn: bounds the pixels pdfkit decodes for a PNG with transparency (a zlib bomb). */
const MAX_PIXELES = 4_000_000;

/**
 * The company logo's bytes when pdfkit can draw them safely, else null (a PDF logo, a damaged or unusual file).
 *
 * pdfkit reads images with code that must not meet a bad file: png-js walks PNG chunks with signed lengths and no
 * bounds (a crafted length hangs or eats memory), and for a PNG with an alpha channel, indexed transparency or
 * interlacing it inflates and unfilters the pixels in an asynchronous zlib callback, where an error is thrown out
 * of reach (it ends the process) and the PDF never ends. So the logo is checked first exactly as those readers will
 * walk it, and only a file they read without throwing is drawn; the upload route allows any jpg/png by its magic
 * bytes. Pure function of the bytes: nothing is cached.
 */
export function logoDibujable(tipo: string | null | undefined, datos: Uint8Array | null | undefined): Buffer | null {
  if (!datos || datos.length < 16) return null;
  const b = Buffer.isBuffer(datos) ? datos : Buffer.from(datos.buffer, datos.byteOffset, datos.byteLength);
  if (tipo === 'jpg') return jpegLegible(b) ? b : null;
  if (tipo === 'png') return pngDibujable(b);
  return null;
}

/** The part of pdfkit this needs (`openImage` is public in pdfkit but missing from its types). */
interface ConImagen {
  openImage(src: Buffer): { width: number; height: number; orientation?: number };
  image(src: unknown, x: number, y: number, options: { fit: [number, number] }): unknown;
}

/**
 * Draws the logo at (x, y) inside `LOGO_CAJA` keeping its aspect ratio (and its EXIF orientation, as pdfkit does);
 * returns the width drawn, 0 when there is nothing to draw.
 */
export function dibujarLogo(doc: unknown, datos: Buffer | null, x: number, y: number): number {
  if (!datos) return 0;
  const lienzo = doc as ConImagen;
  let img: ReturnType<ConImagen['openImage']>;
  try {
    img = lienzo.openImage(datos);
  } catch {
    return 0;
  }
  const [w, h] = (img.orientation ?? 1) > 4 ? [img.height, img.width] : [img.width, img.height];
  if (!(w > 0 && h > 0)) return 0;
  lienzo.image(img, x, y, { fit: [LOGO_CAJA.ancho, LOGO_CAJA.alto] });
  return w * Math.min(LOGO_CAJA.ancho / w, LOGO_CAJA.alto / h);
}

/** pdfkit's 16-bit read: bytes past the end read as 0. */
const u16 = (b: Buffer, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);

const SOF = [
  0xffc0, 0xffc1, 0xffc2, 0xffc3, 0xffc5, 0xffc6, 0xffc7, 0xffc8, 0xffc9, 0xffca, 0xffcb, 0xffcc, 0xffcd, 0xffce,
  0xffcf,
];

/** The frame header pdfkit's JPEG reader finds (same walk over the markers) is complete and drawable. */
function jpegLegible(b: Buffer): boolean {
  if (u16(b, 0) !== 0xffd8) return false;
  let pos = 2;
  while (pos < b.length) {
    while (pos < b.length && b[pos] !== 0xff) pos++;
    if (pos >= b.length) return false;
    const marker = u16(b, pos);
    pos += 2;
    if (SOF.includes(marker)) {
      if (pos + 8 > b.length) return false;
      const bits = b[pos + 2];
      const alto = u16(b, pos + 3);
      const ancho = u16(b, pos + 5);
      const canales = b[pos + 7] ?? 0;
      return bits === 8 && alto > 0 && ancho > 0 && alto * ancho <= MAX_PIXELES && [1, 3, 4].includes(canales);
    }
    pos += u16(b, pos);
  }
  return false;
}

/** The eight bytes every PNG file starts with. */
export const PNG_FIRMA = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths allowed per colour type (PNG spec) and samples per pixel. */
const PNG_TIPOS: Record<number, { bits: number[]; muestras: number }> = {
  0: { bits: [1, 2, 4, 8, 16], muestras: 1 },
  2: { bits: [8, 16], muestras: 3 },
  3: { bits: [1, 2, 4, 8], muestras: 1 },
  4: { bits: [8, 16], muestras: 2 },
  6: { bits: [8, 16], muestras: 4 },
};

/**
 * The PNG to hand to pdfkit, or null: its chunks are whole and well formed and the pixels png-js would decode
 * inflate and unfilter cleanly. An 8-bit non-interlaced PNG with transparency (the usual logo) is flattened here
 * onto white (the page behind the logo) into an opaque PNG that pdfkit embeds without decoding: png-js's pixel loop
 * and pdfkit's re-compression of the split alpha cost ~30 ms per PDF for a 600 × 300 logo, this a few.
 */
function pngDibujable(b: Buffer): Buffer | null {
  if (!b.subarray(0, 8).equals(PNG_FIRMA)) return null;
  let cab: { ancho: number; alto: number; bits: number; color: number; entrelazado: boolean } | null = null;
  let paleta: Buffer | null = null;
  let trns: Buffer | null = null;
  let trozoTrns: [number, number] = [0, 0];
  const idat: Buffer[] = [];
  for (let pos = 8; ; ) {
    if (pos + 12 > b.length) return null;
    const largo = b.readUInt32BE(pos);
    const tipo = b.toString('latin1', pos + 4, pos + 8);
    const inicio = pos + 8;
    if (largo > b.length - inicio - 4) return null;
    if (!cab && tipo !== 'IHDR') return null;
    if (tipo === 'IHDR') {
      if (cab || largo !== 13) return null;
      cab = {
        ancho: b.readUInt32BE(inicio),
        alto: b.readUInt32BE(inicio + 4),
        bits: b[inicio + 8] ?? 0,
        color: b[inicio + 9] ?? 0,
        entrelazado: b[inicio + 12] === 1,
      };
      const t = PNG_TIPOS[cab.color];
      if (!t?.bits.includes(cab.bits) || b[inicio + 10] !== 0 || b[inicio + 11] !== 0) return null;
      if ((b[inicio + 12] ?? 2) > 1 || cab.ancho < 1 || cab.alto < 1) return null;
      if (cab.ancho * cab.alto > MAX_PIXELES) return null;
    } else if (tipo === 'PLTE') {
      if (largo % 3 !== 0 || largo < 3 || largo > 768) return null;
      paleta = b.subarray(inicio, inicio + largo);
    } else if (tipo === 'tRNS') {
      // png-js does not step over a tRNS of a colour type with alpha: the walk would lose its place.
      if (cab?.color === 4 || cab?.color === 6) return null;
      trns = b.subarray(inicio, inicio + largo);
      trozoTrns = [pos, inicio + largo + 4];
    } else if (tipo === 'IDAT') {
      idat.push(b.subarray(inicio, inicio + largo));
    } else if (tipo === 'IEND') {
      break;
    }
    pos = inicio + largo + 4;
  }
  if (!cab || idat.length === 0 || (cab.color === 3 && !paleta)) return null;
  // pdfkit copies the compressed data as it is (FlateDecode with the PNG predictor) when nothing is transparent.
  if (!trns && (cab.color === 0 || cab.color === 2 || cab.color === 3) && !cab.entrelazado) return b;
  // A colour key (tRNS of grey or RGB) becomes a bad /Mask in pdfkit: it is dropped, the key colour shows.
  if (trns && cab.color !== 3 && !cab.entrelazado)
    return Buffer.concat([b.subarray(0, trozoTrns[0]), b.subarray(trozoTrns[1])]);
  // png-js's unfiltering works in whole bytes per pixel only.
  if (cab.bits < 8 || (trns && cab.color !== 3)) return null;
  const bytesPixel = ((cab.bits / 8) * (PNG_TIPOS[cab.color]?.muestras ?? 1)) | 0;
  const { ancho, alto } = cab;
  const pasadas = cab.entrelazado
    ? [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]
    : [[0, 0, 1, 1]];
  // The size png-js reads (it also reads the rows of an empty interlace pass), plus a little slack.
  let esperado = 0;
  for (const [x0 = 0, y0 = 0, dx = 1, dy = 1] of pasadas)
    esperado += Math.ceil((alto - y0) / dy) * (1 + bytesPixel * Math.max(0, Math.ceil((ancho - x0) / dx)));
  let datos: Buffer;
  try {
    datos = inflateSync(Buffer.concat(idat), { maxOutputLength: esperado + 1024 });
  } catch {
    return null;
  }
  if (!cab.entrelazado && cab.bits === 8) {
    const pixeles = desfiltrar(datos, ancho, alto, bytesPixel);
    return pixeles ? sobreBlanco(pixeles, ancho, alto, cab.color, paleta, trns) : null;
  }
  // Interlaced or 16-bit: pdfkit decodes it; every filter byte png-js will read must be 0–4 (it throws on others).
  let pos = 0;
  for (const [x0 = 0, y0 = 0, dx = 1, dy = 1] of pasadas) {
    const filas = Math.ceil((alto - y0) / dy);
    const linea = bytesPixel * Math.ceil((ancho - x0) / dx);
    for (let fila = 0; fila < filas && pos < datos.length; fila++) {
      if ((datos[pos] ?? 0) > 4) return null;
      pos += 1 + linea;
    }
  }
  return b;
}

/** The raw pixels of a non-interlaced 8-bit PNG (PNG spec, filters 0–4), or null when the data is short or bad. */
function desfiltrar(datos: Buffer, ancho: number, alto: number, bpp: number): Uint8Array | null {
  const linea = ancho * bpp;
  if (datos.length < alto * (linea + 1)) return null;
  const out = new Uint8Array(linea * alto);
  let p = 0;
  for (let y = 0; y < alto; y++) {
    const filtro = datos[p++];
    const o = y * linea;
    const u = o - linea;
    if (filtro === 0) out.set(datos.subarray(p, p + linea), o);
    else if (filtro === 1)
      for (let i = 0; i < linea; i++)
        out[o + i] = ((datos[p + i] as number) + (i >= bpp ? (out[o + i - bpp] as number) : 0)) & 255;
    else if (filtro === 2)
      for (let i = 0; i < linea; i++) out[o + i] = ((datos[p + i] as number) + (y ? (out[u + i] as number) : 0)) & 255;
    else if (filtro === 3)
      for (let i = 0; i < linea; i++) {
        const izq = i >= bpp ? (out[o + i - bpp] as number) : 0;
        const arr = y ? (out[u + i] as number) : 0;
        out[o + i] = ((datos[p + i] as number) + ((izq + arr) >> 1)) & 255;
      }
    else if (filtro === 4)
      for (let i = 0; i < linea; i++) {
        const a = i >= bpp ? (out[o + i - bpp] as number) : 0;
        const c = y && i >= bpp ? (out[u + i - bpp] as number) : 0;
        const bb = y ? (out[u + i] as number) : 0;
        const pa = Math.abs(bb - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + bb - 2 * c);
        out[o + i] = ((datos[p + i] as number) + (pa <= pb && pa <= pc ? a : pb <= pc ? bb : c)) & 255;
      }
    else return null;
    p += linea;
  }
  return out;
}

/** An opaque 8-bit PNG (grey or RGB, filter 0) of the pixels composed over white. */
function sobreBlanco(
  px: Uint8Array,
  ancho: number,
  alto: number,
  color: number,
  paleta: Buffer | null,
  trns: Buffer | null,
): Buffer {
  const gris = color === 4;
  const canales = gris ? 1 : 3;
  const linea = ancho * canales + 1;
  const filas = Buffer.alloc(linea * alto);
  const mezcla = (v: number, a: number) =>
    a === 255 ? v : a === 0 ? 255 : ((v * a + 255 * (255 - a) + 127) / 255) | 0;
  for (let y = 0; y < alto; y++) {
    let o = y * linea + 1;
    for (let x = 0; x < ancho; x++) {
      const i = y * ancho + x;
      if (color === 4) filas[o++] = mezcla(px[i * 2] as number, px[i * 2 + 1] as number);
      else if (color === 6) {
        const a = px[i * 4 + 3] as number;
        filas[o++] = mezcla(px[i * 4] as number, a);
        filas[o++] = mezcla(px[i * 4 + 1] as number, a);
        filas[o++] = mezcla(px[i * 4 + 2] as number, a);
      } else {
        const k = px[i] as number;
        const a = trns?.[k] ?? 255;
        filas[o++] = mezcla(paleta?.[k * 3] ?? 0, a);
        filas[o++] = mezcla(paleta?.[k * 3 + 1] ?? 0, a);
        filas[o++] = mezcla(paleta?.[k * 3 + 2] ?? 0, a);
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8;
  ihdr[9] = gris ? 0 : 2;
  return Buffer.concat([
    PNG_FIRMA,
    trozoPng('IHDR', ihdr),
    trozoPng('IDAT', deflateSync(filas, { level: 1 })),
    trozoPng('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
export const trozoPng = (tipo: string, datos: Buffer) => {
  const cuerpo = Buffer.concat([Buffer.from(tipo, 'latin1'), datos]);
  const out = Buffer.alloc(12 + datos.length);
  out.writeUInt32BE(datos.length, 0);
  cuerpo.copy(out, 4);
  out.writeUInt32BE(crc32(cuerpo), 8 + datos.length);
  return out;
};
