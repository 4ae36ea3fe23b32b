import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../../test/testApp.ts';
import { cuerpo } from '../../../platform/http/respuesta.testkit.ts';
import { crearMiembroConPerfil } from '../../../platform/identity/miembros.testkit.ts';

/**
 * The phone expense flow end to end on the real tools: a ticket rendered to a PDF with text and to a PNG photo
 * (pdftoppm), read back by pdftotext and tesseract into suggested fields; then the confirmed ticket booked as a
 * registered expense with its payment and photo in one transaction, and bad input refused with nothing written.
 */
let t: TestApp;
let demo: Session;
const cuentas: { banco: number; caja: number } = { banco: 0, caja: 0 };
let png: Buffer;
let pdf: Buffer;

const GASOLINERA = `ESTACION DE SERVICIO LOS PINOS S.L.
CTRA. N-340 KM 12,5 CATARROJA
CIF: B12345674  TEL. 961 234 567
FACTURA SIMPLIFICADA T01-004512
FECHA: 14/03/2026   HORA: 08:42
GASOLEO A 38,52 L x 1,459   56,20
TOTAL EUR                   56,20
BASE IMPONIBLE IVA 21%  46,45  9,75
TARJETA VISA                56,20`;

const RESTAURANTE = `RESTAURANTE CASA PACO
Calle Mayor 7, 28013 Madrid
NIF 12345678Z
Fecha 02-02-2026 14:35
2 MENU DEL DIA     13,50   27,00
TOTAL (IVA INCLUIDO)       31,20
IVA 10%  BASE 28,36  CUOTA 2,84`;

function pdfDe(texto: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: [300, 400], margin: 16 });
    const partes: Buffer[] = [];
    doc.on('data', (c: Buffer) => partes.push(c));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.font('Courier').fontSize(10).text(texto);
    doc.end();
  });
}

/** The PDF's page as a photo would come: a PNG at 200 dpi, without any text layer. */
function pngDe(pdfBytes: Buffer): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'faro-ticket-test-'));
  try {
    writeFileSync(join(dir, 't.pdf'), pdfBytes);
    execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', join(dir, 't.pdf'), join(dir, 't')]);
    return readFileSync(join(dir, 't.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A multipart body as the browser's FormData sends it: the confirmed fields as JSON, then the photo. */
function formulario(datos: unknown, fichero?: { nombre: string; bytes: Buffer; tipo: string }) {
  const b = `----faro${randomBytes(8).toString('hex')}`;
  const trozos: Buffer[] = [];
  if (datos !== undefined)
    trozos.push(
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="datos"\r\n\r\n${JSON.stringify(datos)}\r\n`),
    );
  if (fichero)
    trozos.push(
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="fichero"; filename="${fichero.nombre}"\r\nContent-Type: ${fichero.tipo}\r\n\r\n`,
      ),
      fichero.bytes,
      Buffer.from('\r\n'),
    );
  trozos.push(Buffer.from(`--${b}--\r\n`));
  return { body: Buffer.concat(trozos), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

const foto = () => ({ nombre: 'ticket.png', bytes: png, tipo: 'image/png' });
const enviar = (datos: unknown, fichero?: Parameters<typeof formulario>[1]) => {
  const f = formulario(datos, fichero);
  return demo.request('POST', '/api/compras/fgasto/ticket', f.body, f.headers);
};
const leer = (fichero: Parameters<typeof formulario>[1]) => {
  const f = formulario(undefined, fichero);
  return demo.request('POST', '/api/compras/fgasto/ticket/leer', f.body, f.headers);
};
const contar = async () =>
  (
    await t.database.query<{ d: number; p: number; f: number }>(
      `select (select count(*)::int from documentos_compra) d, (select count(*)::int from pagos_compra) p,
        (select count(*)::int from ficheros) f`,
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const items = (await demo.request('GET', '/api/tesoreria/tesoreria/list?TotalPagina=50')).body.Items as {
    Id: number;
    Tipo: string;
    Baja: boolean | null;
  }[];
  cuentas.banco = items.find((c) => c.Tipo === 'banco' && !c.Baja)!.Id;
  cuentas.caja = items.find((c) => c.Tipo === 'caja' && !c.Baja)!.Id;
  pdf = await pdfDe(GASOLINERA);
  png = pngDe(pdf);
}, 120_000);
afterAll(() => t.close());

const ticket = {
  Fecha: '2026-03-14',
  Total: '56,20',
  PorcentajeIva: '21',
  Comercio: 'Estación de servicio Los Pinos',
  FormaPago: 'tarjeta',
};

describe('reading a ticket', () => {
  it('reads a photo (PNG, no text layer) with tesseract into the suggested fields', async () => {
    const res = await leer(foto());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Origen).toBe('ocr');
    expect(res.body.Aviso).toBeNull();
    const l = res.body.Lectura;
    expect(l.NIF.Valor).toBe('B12345674');
    expect(l.Fecha.Valor).toBe('2026-03-14');
    expect(l.Total.Valor).toBe('56.20');
    expect(l.PorcentajeIva.Valor).toBe('21');
    expect(l.Comercio.Valor).toContain('LOS PINOS');
    for (const campo of ['NIF', 'Fecha', 'Total', 'PorcentajeIva', 'Comercio'])
      expect(l[campo].Confianza).toBeGreaterThan(0);
  }, 60_000);

  it('reads a PDF with text through pdftotext', async () => {
    const res = await leer({ nombre: 'ticket.pdf', bytes: await pdfDe(RESTAURANTE), tipo: 'application/pdf' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Origen).toBe('pdf');
    expect(res.body.Lectura).toMatchObject({
      NIF: { Valor: '12345678Z' },
      Fecha: { Valor: '2026-02-02' },
      Total: { Valor: '31.20' },
      PorcentajeIva: { Valor: '10' },
      Comercio: { Valor: 'RESTAURANTE CASA PACO' },
    });
  });

  it('refuses a file that is not an image or a PDF, and a request without a file, in Spanish', async () => {
    const txt = await leer({ nombre: 'ticket.png', bytes: Buffer.from('TOTAL 3,00'), tipo: 'image/png' });
    expect(txt.status).toBe(400);
    expect(txt.body.Mensaje).toBe(
      'Tipo de fichero no admitido. Sólo se permiten imágenes (jpg, png) y ficheros en formato pdf',
    );
    const nada = await leer(undefined);
    expect(nada.status).toBe(400);
    expect(nada.body.Mensaje).toBe('No existe el fichero');
  });

  it('refuses an image whose header claims more pixels than any photo before running a tool', async () => {
    const bomba = Buffer.from(png);
    bomba.writeUInt32BE(100_000, 16);
    bomba.writeUInt32BE(100_000, 20);
    const res = await leer({ nombre: 'bomba.png', bytes: bomba, tipo: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toMatch(/demasiado grande/);
  });

  it('answers an unreadable image with empty suggestions and a notice to type the ticket', async () => {
    const blanco = pngDe(await pdfDe(' '));
    const res = await leer({ nombre: 'blanco.png', bytes: blanco, tipo: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.Lectura.Total).toBeNull();
    expect(res.body.Aviso).toBe('No se ha podido leer el ticket: escribe los datos a mano');
  }, 60_000);
});

describe('booking a confirmed ticket', () => {
  it('refuses the booking to whoever may enter expenses but not move treasury (403), and writes nothing', async () => {
    const permisos = { ComprasFact: 3 };
    await crearMiembroConPerfil(demo, {
      UserName: 'solocompras',
      Nombre: 'Solo compras',
      Email: 'solocompras@demo.test',
      perfil: 'Solo compras',
      Permisos: permisos,
    });
    const compras = await t.as('solocompras', 'DEMO');
    const antes = await contar();
    const f = formulario({ ...ticket, IdTesoreria: cuentas.banco }, foto());
    const res = await compras.request('POST', '/api/compras/fgasto/ticket', f.body, f.headers);
    expect(res.status).toBe(403);
    expect(await contar()).toEqual(antes);
    // Reading a photo stores nothing and pays nothing: expense entry is enough.
    const l = formulario(undefined, { nombre: 'ticket.pdf', bytes: pdf, tipo: 'application/pdf' });
    expect((await compras.request('POST', '/api/compras/fgasto/ticket/leer', l.body, l.headers)).status).toBe(200);
  });

  it('registers the expense with base and quota from the total with VAT, pays it by card and attaches the photo', async () => {
    const res = await enviar({ ...ticket, IdTesoreria: cuentas.banco, NIF: 'B12345674' }, foto());
    cuerpo(res, 201, {
      BaseImponible: '46.45',
      TotalIva: '9.75',
      Total: '56.20',
      Diferencia: '0.00',
      Fecha: '2026-03-14',
    });
    const gasto = (await demo.request('GET', `/api/compras/fgasto/edit/${res.body.Id}`)).body;
    expect(gasto).toMatchObject({
      Tipo: 'gasto',
      Estado: 'Registrada',
      EstadoPago: 'Pagado',
      Fecha: '2026-03-14',
      FechaFacturaProveedor: '2026-03-14',
      // The merchant's name is kept although the expense is booked on "Proveedores varios".
      NombreProveedor: 'Estación de servicio Los Pinos',
      ProveedorNombre: 'Estación de servicio Los Pinos',
      Adjunto: { Tipo: 'png', Tamano: png.length },
      Observaciones: 'NIF del comercio: B12345674',
    });
    expect(gasto.NumSerie).toBe(res.body.NumSerie);
    const pagos = (
      await demo.request(
        'GET',
        `/api/tesoreria/movstesoreriap/list?Filtros=${encodeURIComponent(JSON.stringify({ IdFactura: res.body.Id }))}`,
      )
    ).body.Items;
    expect(pagos).toEqual([
      expect.objectContaining({
        Importe: '56.20',
        Fecha: '2026-03-14',
        IdTesoreria: cuentas.banco,
        Id: res.body.IdPago,
      }),
    ]);
    const libro = await demo.request(
      'GET',
      `/api/impuestos/factrecibidas/list?TotalPagina=200&Filtros=${encodeURIComponent(JSON.stringify({ FechaDesde: '2026-03-14', FechaHasta: '2026-03-14' }))}`,
    );
    expect(libro.status).toBe(200);
    const fila = libro.body.Items.find((r: { NumRegistro: string }) => r.NumRegistro === res.body.NumSerie);
    expect(fila).toMatchObject({ ProveedorNombre: 'Estación de servicio Los Pinos', Tipo: 'gasto' });
    expect(fila.Base ?? fila.BaseImponible).toBe('46.45');
    const original = await demo.request('GET', `/api/compras/fgasto/adjunto/${res.body.Id}`);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
  });

  it('pays a cash ticket from the cash box and books a total no base reaches with the cent as the paper difference', async () => {
    const res = await enviar({ ...ticket, Total: '10,00', FormaPago: 'efectivo', IdTesoreria: cuentas.caja }, foto());
    cuerpo(res, 201, { BaseImponible: '8.26', TotalIva: '1.73', Total: '9.99', Diferencia: '0.01' });
    const gasto = (await demo.request('GET', `/api/compras/fgasto/edit/${res.body.Id}`)).body;
    expect(gasto).toMatchObject({ EstadoPago: 'Pagado', TotalPapel: '10.00', AceptarDiferencia: true });
    const pago = (await demo.request('GET', `/api/tesoreria/movstesoreriap/edit/${res.body.IdPago}`)).body;
    expect(pago).toMatchObject({ Importe: '9.99', IdTesoreria: cuentas.caja });
  });

  it('registers a ticket older than the last registration on the day it is booked, paid on the ticket date', async () => {
    const res = await enviar({ ...ticket, Fecha: '2026-01-02', Total: '12.10', IdTesoreria: cuentas.banco }, foto());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const hoy = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());
    expect(res.body.Fecha).toBe(hoy > '2026-03-14' ? hoy : '2026-03-14');
    const gasto = (await demo.request('GET', `/api/compras/fgasto/edit/${res.body.Id}`)).body;
    expect(gasto).toMatchObject({ Estado: 'Registrada', FechaFacturaProveedor: '2026-01-02', BaseImponible: '10.00' });
    const pago = (await demo.request('GET', `/api/tesoreria/movstesoreriap/edit/${res.body.IdPago}`)).body;
    expect(pago).toMatchObject({ Fecha: '2026-01-02', Importe: '12.10' });
  });

  it('books a supermarket ticket with several rates, each base from its total', async () => {
    const res = await enviar(
      {
        ...ticket,
        Total: '26.83',
        Tipos: [
          { PorcentajeIva: '10', Total: '10.51' },
          { PorcentajeIva: '21', Total: '10.68' },
          { PorcentajeIva: '4', Total: '5.64' },
        ],
        IdTesoreria: cuentas.banco,
      },
      foto(),
    );
    cuerpo(res, 201, { BaseImponible: '23.80', TotalIva: '3.03', Total: '26.83', Diferencia: '0.00' });
    const gasto = (await demo.request('GET', `/api/compras/fgasto/edit/${res.body.Id}`)).body;
    expect(gasto.Desglose.map((d: { Base: string; Cuota: string }) => [d.Base, d.Cuota])).toEqual([
      ['8.83', '1.85'],
      ['9.55', '0.96'],
      ['5.42', '0.22'],
    ]);
  });

  it('refuses bad tickets in Spanish and writes nothing', async () => {
    const antes = await contar();
    const casos: [unknown, string, string][] = [
      [{ ...ticket, IdTesoreria: cuentas.caja }, 'IdTesoreria', 'El pago con tarjeta sale de una cuenta corriente'],
      [
        { ...ticket, FormaPago: 'efectivo', IdTesoreria: cuentas.banco },
        'IdTesoreria',
        'El pago en efectivo sale de una caja',
      ],
      [
        { ...ticket, IdTesoreria: 999_999 },
        'IdTesoreria',
        'Elige una cuenta de tesorería de la empresa que no esté de baja',
      ],
      [{ ...ticket, IdTesoreria: cuentas.banco, Total: '0' }, 'Total', 'El total debe ser mayor que cero'],
      [{ ...ticket, IdTesoreria: cuentas.banco, Total: 'abc' }, 'Total', 'El formato es incorrecto'],
      [{ ...ticket, IdTesoreria: cuentas.banco, Comercio: '' }, 'Comercio', 'Comercio es obligatorio'],
      [
        { ...ticket, IdTesoreria: cuentas.banco, Tipos: [{ PorcentajeIva: '21', Total: '50' }] },
        'Tipos',
        'Los importes por tipo de IVA deben sumar el total del ticket',
      ],
      [{ ...ticket, IdTesoreria: cuentas.banco, Fecha: '2026-02-30' }, 'Fecha', 'El formato es incorrecto'],
    ];
    for (const [datos, Campo, Mensaje] of casos) {
      const res = await enviar(datos, foto());
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.Errores).toContainEqual({ Campo, Mensaje });
    }
    const noPdf = await enviar(
      { ...ticket, IdTesoreria: cuentas.banco },
      { nombre: 'x.png', bytes: Buffer.from('hola'), tipo: 'image/png' },
    );
    expect(noPdf.status).toBe(400);
    const sinDatos = await demo.request(
      'POST',
      '/api/compras/fgasto/ticket',
      Buffer.concat([
        Buffer.from(`--x\r\nContent-Disposition: form-data; name="datos"\r\n\r\n{no es json\r\n--x--\r\n`),
      ]),
      { 'content-type': 'multipart/form-data; boundary=x' },
    );
    expect(sinDatos.status).toBe(400);
    expect(sinDatos.body.Mensaje).toBe('Los datos del ticket no son válidos');
    expect(await contar()).toEqual(antes);
  });
});
