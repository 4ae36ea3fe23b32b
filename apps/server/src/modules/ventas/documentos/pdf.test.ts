import { deflateSync, inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crear } from '../../../../test/datosDemo.ts';
import { multipartFile } from '../../../../test/multipart.ts';
import type { Session } from '../../../../test/testApp.ts';
import { logoDibujable, PNG_FIRMA, trozoPng } from '../../documentos/pdfLogo.ts';

/**
 * The sales PDF read back as a reader would: the mandatory contents of RD 1619/2012 art. 6 on a full invoice, the
 * art. 7 rules of a simplified one, the corrective invoice's reference and cause (art. 15), and the company logo.
 * Text comes from the real (compressed) PDF, as it is served: each page's content stream inflated, the TJ strings
 * decoded with the encoding its font dictionary names (WinAnsi for pdfkit's standard fonts; checked).
 */
let empresa: Record<string, string | null>;
let cliente: number;
let recargo: number;

const LOGO = '/api/configuracion/empresa/logo';

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  const id = (await demo.request('GET', '/api/usuarios/usuario/infoempre')).body.IdEmpresa;
  empresa = (await demo.request('GET', `/api/configuracion/empresa/edit/${id}`)).body;
  cliente = await crear(demo, '/api/ventas/clientes/save', {
    Nombre: 'Talleres Ribera SL',
    NIF: '12345678Z',
    Direccion: 'Calle Mayor 12',
    CodPostal: '28013',
    Poblacion: 'Madrid',
  });
  const r = await crear(demo, '/api/ventas/clientes/save', {
    Nombre: 'Ferretería Recargo',
    NIF: '00000014Z',
    RegimenIva: 'recargo',
  });
  recargo = r;
});

const lineas = [
  { Descripcion: 'Martillo de carpintero', Cantidad: '2', Precio: '10', Descuento: '0', TipoIva: 'IVA21' },
  { Descripcion: 'Tornillos 4x40', Cantidad: '100', Precio: '0.10', Descuento: null, TipoIva: 'IVA10' },
];

async function emitida(over: Record<string, unknown>, fecha = '2026-03-02') {
  const d = await crear(demo, '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: fecha,
    Lineas: lineas,
    ...over,
  });
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${d}`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return e.body;
}

/** The PDF of a document, its text with runs of white space made one space, and its raw bytes. */
async function pdf(id: number, base = 'fventa', s: Session = demo) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ventas/${base}/pdf/${id}`,
    headers: { authorization: `Bearer ${s.token}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const bytes = res.rawPayload;
  const b = bloques(bytes);
  const text = b.textos
    .map((r) => r.texto)
    .join(' ')
    .replace(/\s+/g, ' ');
  return { bytes, text, bloques: b, imagenes: imagenes(bytes) };
}

/** The PDF's objects as latin1 text: number → dictionary (before any stream) and the stream bytes. */
function objetos(bytes: Buffer) {
  const src = bytes.toString('latin1');
  const out = new Map<number, { dic: string; stream: Buffer | null }>();
  for (const m of src.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const cuerpo = m[2] as string;
    const s = cuerpo.indexOf('stream');
    const dic = s < 0 ? cuerpo : cuerpo.slice(0, s);
    let stream: Buffer | null = null;
    if (s >= 0) {
      const largo = Number(/\/Length (\d+)/.exec(dic)?.[1]);
      const inicio = (m.index as number) + m[0].indexOf('stream') + 'stream'.length + 1;
      stream = bytes.subarray(inicio, inicio + largo);
    }
    out.set(Number(m[1]), { dic, stream });
  }
  return out;
}

/** Image XObjects with their width, height, filter and whether they carry a soft mask (alpha). */
function imagenes(bytes: Buffer) {
  return [...objetos(bytes).values()]
    .filter((o) => /\/Subtype \/Image/.test(o.dic) && !/\/ColorSpace \/DeviceGray\s*\/Decode/.test(o.dic))
    .map((o) => ({
      ancho: Number(/\/Width (\d+)/.exec(o.dic)?.[1]),
      alto: Number(/\/Height (\d+)/.exec(o.dic)?.[1]),
      filtro: /\/Filter \/(\w+)/.exec(o.dic)?.[1],
      alfa: /\/SMask \d+ 0 R/.test(o.dic),
    }));
}

/** The stream of the first image XObject. */
const imagenDatos = (bytes: Buffer) =>
  [...objetos(bytes).values()].find((o) => /\/Subtype \/Image/.test(o.dic))?.stream ?? Buffer.alloc(0);

/** Text runs of the page content streams with their position (the Tm before each TJ), and the images drawn (cm + Do). */
function bloques(bytes: Buffer) {
  const objs = objetos(bytes);
  const textos: { x: number; y: number; texto: string }[] = [];
  const dibujos: { ancho: number; alto: number; x: number }[] = [];
  for (const o of objs.values()) {
    if (!/\/Type \/Page\b/.test(o.dic)) continue;
    // Every font of the page is a standard font in WinAnsiEncoding: that is how its strings are decoded.
    for (const ref of o.dic.matchAll(/\/F\d+ (\d+) 0 R/g)) {
      const font = objs.get(Number(ref[1]))?.dic ?? '';
      expect(font).toMatch(/\/Encoding \/WinAnsiEncoding/);
    }
    const contenido = objs.get(Number(/\/Contents (\d+) 0 R/.exec(o.dic)?.[1]));
    const flujo = inflateSync(contenido?.stream ?? Buffer.alloc(0)).toString('latin1');
    let x = 0;
    let y = 0;
    for (const op of flujo.matchAll(
      /1 0 0 1 ([-\d.]+) ([-\d.]+) Tm|\[((?:<[0-9a-f]*>|[^\]])*)\] TJ|([-\d.]+) 0 0 ([-\d.]+) ([-\d.]+) [-\d.]+ cm\s*\/\w+ Do/g,
    )) {
      if (op[1] !== undefined) {
        x = Number(op[1]);
        y = Number(op[2]);
      } else if (op[3] !== undefined) {
        const texto = [...op[3].matchAll(/<([0-9a-f]*)>/g)].map((h) => winAnsi(h[1] as string));
        textos.push({ x, y, texto: texto.join('') });
      } else {
        dibujos.push({ ancho: Number(op[4]), alto: Math.abs(Number(op[5])), x: Number(op[6]) });
      }
    }
  }
  return { textos, dibujos };
}

/**
 * WinAnsiEncoding (PDF 32000 annex D): Latin-1 but for 0x80–0x9F. Node's TextDecoder('windows-1252') decodes those
 * as C1 controls (€ comes out as U+0080), so the table is spelled out here.
 */
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (hex: string) =>
  (hex.match(/../g) ?? [])
    .map((h) => {
      const c = Number.parseInt(h, 16);
      return c >= 0x80 && c <= 0x9f ? CP1252[c - 0x80] : String.fromCharCode(c);
    })
    .join('');

const xDe = (b: ReturnType<typeof bloques>, texto: string) => b.textos.find((r) => r.texto === texto)?.x;

describe('sales PDF contents (RD 1619/2012)', () => {
  it('a full invoice (F1) carries number, date, issuer, customer, the breakdown per rate, withholding, total and due dates', async () => {
    const f = await emitida({ PorcRetencion: '15' });
    // 2 × 10 = 20.00 at 21 % (4.20) + 100 × 0.10 = 10.00 at 10 % (1.00); IRPF 15 % of 30.00 = 4.50.
    expect(f.Total).toBe('30.70');
    const { text } = await pdf(f.Id);
    expect(text).toContain('FACTURA');
    expect(text).toContain(`Número: ${f.NumSerie}`);
    expect(f.NumSerie).toContain(String(f.Numero));
    expect(text).toContain('Fecha de expedición: 02/03/2026');
    // Issuer: name, NIF and address.
    expect(empresa.Nombre && empresa.NIF && empresa.Direccion && empresa.Poblacion).toBeTruthy();
    expect(text).toContain(empresa.Nombre as string);
    expect(text).toContain(`NIF: ${empresa.NIF}`);
    expect(text).toContain(empresa.Direccion as string);
    expect(text).toContain(`${empresa.CodPostal} ${empresa.Poblacion}, Madrid`);
    // Recipient: name, NIF and address.
    expect(text).toContain('Cliente Talleres Ribera SL');
    expect(text).toContain('NIF: 12345678Z');
    expect(text).toContain('Calle Mayor 12, 28013 Madrid, Madrid');
    // The operations with what determines the base.
    expect(text).toContain('Martillo de carpintero');
    expect(text).toContain('Tornillos 4x40');
    // Base, rate and quota per VAT rate, then the totals.
    expect(text).toContain('IVA 21 % Base: 20,00 € Cuota: 4,20 €');
    expect(text).toContain('IVA 10 % Base: 10,00 € Cuota: 1,00 €');
    // Quantities and rates as a person writes them, not the stored "2.000" / "21.00".
    expect(text).not.toMatch(/\b2\.000\b|21\.00 %|10\.00 %/);
    expect(text).toContain('Base imponible: 30,00 €');
    expect(text).toContain('Cuota: 5,20 €');
    expect(text).toContain('Retención IRPF 15 %: -4,50 €');
    expect(text).not.toContain('Recargo');
    expect(text).toContain('TOTAL: 30,70 €');
    // The due dates (one instalment at least, with its amount).
    expect(f.Vencimientos.length).toBeGreaterThan(0);
    expect(text).toContain('Vencimientos');
    for (const v of f.Vencimientos as { Fecha: string; Importe: string }[]) {
      expect(text).toContain(`${v.Fecha.split('-').reverse().join('/')} ${v.Importe.replace('.', ',')} €`);
    }
  });

  it('shows the recargo de equivalencia per rate and in the totals when the customer is in that regime', async () => {
    const f = await emitida({
      Cliente: recargo,
      Lineas: [{ Descripcion: 'Taladro', Cantidad: '1', Precio: '100', Descuento: '0', TipoIva: 'IVA21' }],
    });
    const { text } = await pdf(f.Id);
    expect(text).toContain('IVA 21 % Base: 100,00 € Cuota: 21,00 € Recargo 5,2 %: 5,20 €');
    expect(text).toContain('Recargo de equivalencia: 5,20 €');
    expect(text).not.toContain('Retención');
    expect(text).toContain('TOTAL: 126,20 €');
  });

  it('a simplified invoice (art. 7) has issuer, number, date, rate and total but does not identify the recipient', async () => {
    const f = await emitida({ Simplificada: true });
    expect(f.Tipo).toBe('simplificada');
    const { text } = await pdf(f.Id);
    expect(text).toContain('FACTURA SIMPLIFICADA');
    expect(text).toContain(`Número: ${f.NumSerie}`);
    expect(text).toContain('Fecha de expedición: 02/03/2026');
    expect(text).toContain(empresa.Nombre as string);
    expect(text).toContain(`NIF: ${empresa.NIF}`);
    expect(text).toMatch(/IVA 21(,00|\.00)? %/);
    expect(text).toContain(`TOTAL: ${f.Total.replace('.', ',')} €`);
    // Recorded as F2 (no Destinatarios): the PDF must not identify the customer either.
    expect(text).not.toContain('12345678Z');
    expect(text).not.toContain('Calle Mayor 12');
  });

  it('a corrective invoice names the invoice it rectifies, its date and the cause', async () => {
    const f = await emitida({}, '2026-03-03');
    const r = await crear(demo, `/api/ventas/fventa/rectificar/${f.Id}`, {
      TipoRectificativa: 'R1',
      Modo: 'I',
      Fecha: '2026-03-04',
    });
    const e = await demo.request('POST', `/api/ventas/fventa/emitir/${r}`);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const { text } = await pdf(r);
    expect(text).toContain('FACTURA RECTIFICATIVA');
    expect(text).toContain(`Número: ${e.body.NumSerie}`);
    expect(text).toContain(`Rectifica la factura ${f.NumSerie} de 03/03/2026 (R1, por diferencias)`);
    expect(text).toContain('Motivo: Rectificativa (error fundado en derecho y art. 80 Uno, Dos y Seis LIVA)');
    expect(text).toContain('NIF: 12345678Z');
    expect(text).toContain(`TOTAL: -${f.Total.replace('.', ',')} €`);
  });
});

/** An RGBA PNG (colour type 6, the usual logo with transparency): blue, its 3 first and last columns transparent. */
function png(ancho: number, alto: number, idat?: Buffer) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const filas = Buffer.alloc(alto * (1 + ancho * 4));
  for (let y = 0; y < alto; y++)
    for (let x = 0; x < ancho; x++)
      filas.set([0, 85, 170, x > 2 && x < ancho - 3 ? 255 : 0], y * (1 + ancho * 4) + 1 + x * 4);
  return Buffer.concat([
    PNG_FIRMA,
    trozoPng('IHDR', ihdr),
    trozoPng('IDAT', idat ?? deflateSync(filas)),
    trozoPng('IEND', Buffer.alloc(0)),
  ]);
}
/** A baseline greyscale JPEG of 16 × 8 (two 8 × 8 blocks of flat grey: DC difference 0, end of block). */
function jpeg() {
  const seg = (marca: number, datos: number[]) => [
    0xff,
    marca,
    (datos.length + 2) >> 8,
    (datos.length + 2) & 255,
    ...datos,
  ];
  const huffman = (clase: number) => [clase, 1, ...Array(15).fill(0), 0];
  return Buffer.from([
    0xff,
    0xd8,
    ...seg(0xdb, [0, ...Array(64).fill(1)]),
    ...seg(0xc0, [8, 0, 8, 0, 16, 1, 1, 0x11, 0]),
    ...seg(0xc4, huffman(0x00)),
    ...seg(0xc4, huffman(0x10)),
    ...seg(0xda, [1, 1, 0, 0, 63, 0]),
    0x0f,
    0xff,
    0xd9,
  ]);
}

describe('company logo on the PDF', () => {
  const subir = async (nombre: string, bytes: Buffer) => {
    const f = multipartFile(nombre, bytes);
    const res = await demo.request('POST', LOGO, f.body, f.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const MM = 72 / 25.4;
  let presupuesto: number;
  beforeAll(async () => {
    presupuesto = await crear(demo, '/api/ventas/pventa/save', {
      Cliente: cliente,
      Fecha: '2026-03-02',
      Lineas: lineas,
    });
  });

  it('without a logo: no image, the company data at the left margin', async () => {
    const { imagenes: imgs, bloques: b } = await pdf(presupuesto, 'pventa');
    expect(imgs).toEqual([]);
    expect(b.dibujos).toEqual([]);
    expect(xDe(b, empresa.Nombre as string)).toBe(40);
  });

  it('draws a PNG logo with transparency top left in 40 × 20 mm keeping its ratio, the company data beside it', async () => {
    await subir('logo.png', png(60, 20));
    const { imagenes: imgs, bloques: b, text, bytes: bytesPdf } = await pdf(presupuesto, 'pventa');
    // Composed over white (the page behind it) into an opaque RGB image pdfkit embeds without decoding: the first
    // row starts with 3 transparent pixels (now white), then the blue.
    expect(imgs).toEqual([{ ancho: 60, alto: 20, filtro: 'FlateDecode', alfa: false }]);
    const fila = inflateSync(imagenDatos(bytesPdf)).subarray(0, 1 + 4 * 3);
    expect([...fila]).toEqual([0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 85, 170]);
    // 3:1 in a 2:1 box: 40 mm wide, 13.3 mm high.
    expect(b.dibujos).toHaveLength(1);
    expect(b.dibujos[0]?.ancho).toBeCloseTo(40 * MM, 1);
    expect(b.dibujos[0]?.alto).toBeCloseTo((40 * MM) / 3, 1);
    expect(b.dibujos[0]?.x).toBe(40);
    expect(xDe(b, empresa.Nombre as string)).toBeCloseTo(40 + 40 * MM + 10, 1);
    expect(text).toContain(`NIF: ${empresa.NIF}`);
  });

  it('draws a JPEG logo (a tall one fits the 20 mm height) and another company never gets it', async () => {
    await subir('logo.jpg', jpeg());
    const { imagenes: imgs, bloques: b } = await pdf(presupuesto, 'pventa');
    expect(imgs).toEqual([{ ancho: 16, alto: 8, filtro: 'DCTDecode', alfa: false }]);
    // 2:1 exactly fills the box.
    expect(b.dibujos[0]?.ancho).toBeCloseTo(40 * MM, 1);
    expect(b.dibujos[0]?.alto).toBeCloseTo(20 * MM, 1);
    const otra = await t.as('demo', 'DEMO2');
    const c = await crear(otra, '/api/ventas/clientes/save', { Nombre: 'Cliente de DEMO2' });
    const iva = await otra.request('POST', '/api/configuracion/tiposiva/save', {
      Valor: 'G21',
      Descripcion: 'General',
      Impuesto: 'IVA',
      Tipo: 'general',
      PorcentajeIva: '21',
    });
    expect(iva.status, JSON.stringify(iva.body)).toBe(201);
    const p = await crear(otra, '/api/ventas/pventa/save', {
      Cliente: c,
      Fecha: '2026-03-02',
      Lineas: [{ Descripcion: 'Servicio', Cantidad: '1', Precio: '10', TipoIva: 'G21' }],
    });
    expect((await pdf(p, 'pventa', otra)).imagenes).toEqual([]);
  });

  it('skips a PDF logo and a damaged PNG: the document still comes out, without an image', async () => {
    await subir('logo.pdf', Buffer.from('%PDF-1.4\n%logo\n'));
    let r = await pdf(presupuesto, 'pventa');
    expect(r.imagenes).toEqual([]);
    expect(xDe(r.bloques, empresa.Nombre as string)).toBe(40);
    // Well-formed chunks but the pixels are not zlib data: pdfkit would inflate them in a callback and throw
    // outside any handler (the process ends, the PDF never does).
    await subir('roto.png', png(60, 20, Buffer.from('esto no es zlib')));
    r = await pdf(presupuesto, 'pventa');
    expect(r.imagenes).toEqual([]);
    expect(r.text).toContain('PRESUPUESTO');
    // A chunk length past the end of the file (png-js would read on and on).
    const largo = png(60, 20);
    largo.writeUInt32BE(0x7fffffff, 33);
    await subir('largo.png', largo);
    expect((await pdf(presupuesto, 'pventa')).imagenes).toEqual([]);
  });
});

describe('logoDibujable', () => {
  /** Rows filtered with each PNG filter in turn (0–4), so every unfiltering branch is read back. */
  function pngFiltrado(ancho: number, alto: number, px: Uint8Array) {
    const bpp = 4;
    const linea = ancho * bpp;
    const filas = Buffer.alloc(alto * (linea + 1));
    for (let y = 0; y < alto; y++) {
      const f = y % 5;
      filas[y * (linea + 1)] = f;
      for (let i = 0; i < linea; i++) {
        const v = px[y * linea + i] as number;
        const a = i >= bpp ? (px[y * linea + i - bpp] as number) : 0;
        const b = y ? (px[(y - 1) * linea + i] as number) : 0;
        const c = y && i >= bpp ? (px[(y - 1) * linea + i - bpp] as number) : 0;
        const p = a + b - c;
        const paeth =
          Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
            ? a
            : Math.abs(p - b) <= Math.abs(p - c)
              ? b
              : c;
        const pred = [0, a, b, (a + b) >> 1, paeth][f] as number;
        filas[y * (linea + 1) + 1 + i] = (v - pred) & 255;
      }
    }
    return png(ancho, alto, deflateSync(filas));
  }

  it('unfilters every PNG filter and composes the alpha over white', () => {
    const ancho = 7;
    const alto = 10;
    const px = new Uint8Array(ancho * alto * 4);
    for (let i = 0; i < px.length; i++) px[i] = (i * 37 + ((i / 4) | 0) * 11) & 255;
    const salida = logoDibujable('png', pngFiltrado(ancho, alto, px));
    expect(salida).not.toBeNull();
    // An opaque RGB PNG (colour type 2) with filter-0 rows.
    expect(salida?.[25]).toBe(2);
    const idat = (salida as Buffer).subarray(8 + 25 + 8, (salida as Buffer).length - 12 - 4);
    const filas = inflateSync(idat);
    for (let y = 0; y < alto; y++)
      for (let x = 0; x < ancho; x++) {
        const o = (y * ancho + x) * 4;
        const alfa = px[o + 3] as number;
        for (let k = 0; k < 3; k++) {
          const v = px[o + k] as number;
          const esperado = alfa === 255 ? v : alfa === 0 ? 255 : ((v * alfa + 255 * (255 - alfa) + 127) / 255) | 0;
          expect(filas[y * (ancho * 3 + 1) + 1 + x * 3 + k]).toBe(esperado);
        }
      }
  });

  it('refuses what pdfkit cannot read safely, passes opaque PNGs and JPEGs through untouched', () => {
    expect(logoDibujable('pdf', Buffer.from('%PDF-1.4 logo de prueba'))).toBeNull();
    expect(logoDibujable('png', png(4, 2).subarray(0, 40))).toBeNull();
    const filtroMalo = Buffer.alloc(2 * (1 + 4 * 4), 0);
    filtroMalo[0] = 9;
    expect(logoDibujable('png', png(4, 2, deflateSync(filtroMalo)))).toBeNull();
    const j = jpeg();
    expect(logoDibujable('jpg', j)).toBe(j);
    const sinAlto = Buffer.from(j);
    sinAlto.writeUInt16BE(0, 2 + 69 + 5); // SOF0 height 0 (defined later by a DNL marker)
    expect(logoDibujable('jpg', sinAlto)).toBeNull();
  });
});
