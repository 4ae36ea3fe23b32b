import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { pdfText } from '../../../test/pdfText.ts';
import { xlsxWriter } from './xlsxWriter.ts';

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');

/** The raw bytes of an export (the JSON-parsing helper would mangle them). */
async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${demo.token}` } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
}
const filtros = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));

describe('exports of entity lists', () => {
  it('xlsx: every plain field, Spanish headers, typed cells, the list filter applied', async () => {
    const res = await download(
      `/api/ventas/clientes/export?Formato=xlsx&Filtros=${filtros({ IdGrupo: 1 })}&Orden=Codigo`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(res.headers['x-total-registros']).toBe('3');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Clientes');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining([
        'Código',
        'Nombre o razón social',
        'NIF',
        'Provincia',
        'Grupo',
        'Límite de crédito',
        'Baja',
      ]),
    );
    expect(header).not.toContain('Personas de contacto');
    expect(sheet.rowCount).toBe(4);
    const col = (label: string) => header.indexOf(label) + 1;
    const first = sheet.getRow(2);
    expect(first.getCell(col('Código')).value).toBe('000001');
    expect(first.getCell(col('Nombre o razón social')).value).toBe('Construcciones Hermanos Ruiz SL');
    expect(first.getCell(col('Provincia')).value).toBe('Madrid');
    expect(first.getCell(col('Grupo')).value).toBe('MAYORISTAS · Mayoristas y empresas');
    expect(first.getCell(col('Límite de crédito')).value).toBe(6000);
    expect(first.getCell(col('Baja')).value).toBe('No');
    expect(first.getCell(col('Fecha de firma del mandato')).value).toEqual(new Date('2025-01-15T00:00:00Z'));
  });

  it('xlsx past the styled size: plain cells, dates as Spanish text, numbers still numbers', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = xlsxWriter({ styled: false });
    const columns = [
      { key: 'Fecha', label: 'Fecha', def: { kind: 'date' as const, label: 'Fecha' } },
      { key: 'Importe', label: 'Importe', def: { kind: 'money' as const, label: 'Importe' } },
    ];
    await writer.begin(out, 'Prueba', columns, 1);
    await writer.rows([
      [
        { t: 'd', v: '2025-03-15' },
        { t: 'n', v: 12.5, scale: 2 },
      ],
    ]);
    await writer.end();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    const row = book.worksheets[0]!.getRow(2);
    expect([row.getCell(1).value, row.getCell(2).value]).toEqual(['15/03/2025', 12.5]);
  });

  it('ods: a valid OpenDocument zip whose content has the rows, numbers as floats', async () => {
    const res = await download(`/api/catalogo/productos/export?Formato=ods&Orden=Codigo`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.oasis.opendocument.spreadsheet');
    expect(res.bytes.subarray(30, 38).toString()).toBe('mimetype');
    const files = unzipSync(new Uint8Array(res.bytes));
    expect(strFromU8(files.mimetype!)).toBe('application/vnd.oasis.opendocument.spreadsheet');
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['META-INF/manifest.xml', 'content.xml']));
    const content = strFromU8(files['content.xml']!);
    expect(content).toContain('<table:table table:name="Productos y servicios">');
    expect(content).toContain('<text:p>Taladro percutor 800 W</text:p>');
    expect(content).toContain('office:value-type="float" office:value="89.9"><text:p>89,9000</text:p>');
    expect(content.match(/<table:table-row>/g)).toHaveLength(1 + 11);
  });

  it('pdf: the list columns on A4 pages, with the rows’ text', async () => {
    const res = await download(`/api/ventas/clientes/export?Formato=pdf&Orden=Codigo`);
    expect(res.status).toBe(200);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = pdfText(res.bytes);
    expect(pages).toBe(1);
    expect(text).toContain('Clientes');
    expect(text).toContain('Nombre o razón social');
    expect(text).toContain('Ferretería La Esquina SL');
    expect(text).toContain('Página 1');
  });

  it('pdf: many rows spread over pages, the header on each', async () => {
    await t.database.query(
      `insert into clientes (empresa_id, codigo, nombre, baja) select e.id, 'X' || g, 'Cliente número ' || g, false
       from empresas e, generate_series(1, 120) g where e.codigo = 'DEMO'`,
    );
    const res = await download(`/api/ventas/clientes/export?Formato=pdf&Filtros=${filtros({ Buscar: 'número' })}`);
    const { text, pages } = pdfText(res.bytes);
    expect(pages).toBe(3);
    expect(text.match(/Nombre o razón social/g)).toHaveLength(3);
    expect(text).toContain('Cliente número 120');
  });

  it('html: escaped, printable, filtered and in the requested order', async () => {
    await demo.request('POST', '/api/ventas/clientes/save', { Nombre: '<script>alert(1)</script> & Cía' });
    const res = await download(`/api/ventas/clientes/export?Formato=html&Filtros=${filtros({ Buscar: 'Cía' })}`);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.bytes.toString('utf8');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Cía');
    expect(html).not.toContain('<script>');
    expect(html.match(/<tr>/g)).toHaveLength(2);
    const ordered = (
      await download(`/api/configuracion/tiposiva/export?Formato=html&Orden=PorcentajeIva&Descendente=true`)
    ).bytes.toString();
    expect(ordered.indexOf('IVA general 21%')).toBeLessThan(ordered.indexOf('IVA reducido 10%'));
  });

  it('refuses an unknown format, filter or order with a 400 before streaming', async () => {
    for (const url of [
      '/api/ventas/clientes/export?Formato=docx',
      `/api/ventas/clientes/export?Filtros=${filtros({ Inventado: 1 })}`,
      '/api/ventas/clientes/export?Orden=Inventado',
    ]) {
      const res = await download(url);
      expect(res.status, url).toBe(400);
      expect(typeof res.json().Mensaje).toBe('string');
    }
  });

  it('streams every row past the list limits, in order (keyset batches)', async () => {
    await t.database.query(
      `insert into clientes (empresa_id, codigo, nombre, poblacion, baja)
       select e.id, 'M' || lpad(g::text, 5, '0'), 'Masivo ' || lpad(g::text, 5, '0'),
              case when g % 10 = 0 then null else 'Pueblo ' || (g % 7) end, false
       from empresas e, generate_series(1, 2500) g where e.codigo = 'DEMO'`,
    );
    const res = await download(
      `/api/ventas/clientes/export?Formato=ods&Filtros=${filtros({ Buscar: 'Masivo' })}&Orden=Poblacion`,
    );
    expect(res.headers['x-total-registros']).toBe('2500');
    const content = strFromU8(unzipSync(new Uint8Array(res.bytes))['content.xml']!);
    const names = [...content.matchAll(/<text:p>(Masivo \d{5})<\/text:p>/g)].map((m) => m[1]);
    expect(names).toHaveLength(2500);
    expect(new Set(names).size).toBe(2500);
    const towns = [...content.matchAll(/<table:table-row>(.*?)<\/table:table-row>/g)].slice(1).map((r) => {
      const cells = [
        ...(r[1] as string).matchAll(
          /<table:table-cell[^>]*?(?:\/>|>(?:<text:p>(.*?)<\/text:p>)?<\/table:table-cell>)/g,
        ),
      ];
      return cells.map((c) => c[1] ?? '');
    });
    const header = [...content.matchAll(/<text:p>(.*?)<\/text:p>/g)].slice(0, 40).map((m) => m[1]);
    const i = header.indexOf('Población');
    const column = towns.map((r) => r[i] ?? '');
    const nonEmpty = column.filter(Boolean);
    expect(nonEmpty).toEqual([...nonEmpty].sort());
    expect(column.slice(-250).every((v) => v === '')).toBe(true); // NULLs last, ascending
  });
});
