import { PassThrough } from 'node:stream';
import { ENTITY_LIST, partirCsv } from '@faro/domain';
import { getTableName } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { columnName } from '../db/columns.ts';
import { tableOf } from '../db/tableRegistry.ts';
import type { Cell, Column } from './cells.ts';
import { csvTexto } from './csvWriter.ts';
import { odsWriter } from './odsWriter.ts';
import type { SheetWriter } from './writers.ts';
import { xlsxWriter } from './xlsxWriter.ts';

/**
 * CSV/formula injection: a text typed as `=HYPERLINK(…)` must never arrive in a spreadsheet as a live formula. The
 * oracle is written here again on purpose (not imported from the writer it judges): a text cell may not start with
 * `=`, `+`, `-`, `@`, tab or CR, unless it is a plain signed number.
 */
const vivo = (texto: string) => /^[=+\-@\t\r]/.test(texto) && !/^[+-]\d[\d.,]*$/.test(texto);
const VENENOS = ['=HYPERLINK("http://127.0.0.1/x","pulsa")', '+1+HYPERLINK("x")', '-1+1', '@SUM(1)', '\t=1', '\r=1'];
const MARCA = 'HYPERLINK';

async function escribir(writer: SheetWriter, columnas: Column[], filas: Cell[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writer.begin(out, 'Prueba', columnas, filas.length);
  await writer.rows(filas);
  await writer.end();
  return Buffer.concat(chunks);
}

interface Leido {
  textos: string[];
  formulas: number;
}

async function leerXlsx(bytes: Buffer): Promise<Leido> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const out: Leido = { textos: [], formulas: 0 };
  for (const sheet of book.worksheets)
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) out.formulas++;
        if (typeof cell.value === 'string') out.textos.push(cell.value);
      }),
    );
  return out;
}

const desXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function leerOds(bytes: Buffer): Leido {
  const xml = strFromU8(unzipSync(new Uint8Array(bytes))['content.xml']!);
  return {
    textos: [...xml.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)].map((m) => desXml(m[1]!)),
    formulas: (xml.match(/table:formula=/g) ?? []).length,
  };
}

const leerCsv = (texto: string): Leido => ({ textos: partirCsv(texto).flat(), formulas: 0 });

/** The spreadsheet cells of an answer by its content type (a zip: its csv/ entries); null when it is none. */
async function leerRespuesta(tipo: string, bytes: Buffer): Promise<Leido | null> {
  if (tipo.includes('spreadsheetml')) return leerXlsx(bytes);
  if (tipo.includes('opendocument.spreadsheet')) return leerOds(bytes);
  if (tipo.includes('text/csv')) return leerCsv(bytes.toString('utf8'));
  if (tipo.includes('zip')) {
    const textos = Object.entries(unzipSync(new Uint8Array(bytes)))
      .filter(([nombre]) => nombre.endsWith('.csv'))
      .flatMap(([, datos]) => leerCsv(strFromU8(datos)).textos);
    return { textos, formulas: 0 };
  }
  return null;
}

const sinVivos = (l: Leido) => ({ formulas: l.formulas, vivos: l.textos.filter(vivo) });

describe('the one cell writer neutralises formulas in every spreadsheet format', () => {
  const columnas: Column[] = [
    { key: 'Texto', label: 'Texto', def: { kind: 'text', label: 'Texto' } },
    { key: 'Importe', label: 'Importe', def: { kind: 'money', label: 'Importe' } },
  ];
  const filas: Cell[][] = VENENOS.map((v) => [
    { t: 's', v },
    { t: 'n', v: -12.5, scale: 2 },
  ]);

  it.each([
    ['xlsx con estilos', () => escribir(xlsxWriter(), columnas, filas).then(leerXlsx)],
    ['xlsx sin estilos', () => escribir(xlsxWriter({ styled: false }), columnas, filas).then(leerXlsx)],
    ['ods', () => escribir(odsWriter(), columnas, filas).then(leerOds)],
    ['csv', async () => leerCsv(csvTexto([{ columnas, filas }]))],
  ])('%s: every poisoned text arrives as text with a leading quote', async (_formato, leer) => {
    const leido = await leer();
    expect(sinVivos(leido)).toEqual({ formulas: 0, vivos: [] });
    // XML readers hand a lone CR back as LF.
    const textos = leido.textos.map((x) => x.replace(/\r/g, '\n'));
    for (const v of VENENOS) expect(textos).toContain(`'${v}`.replace(/\r/g, '\n'));
  });

  it('a negative amount stays a number cell, not text', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await escribir(xlsxWriter(), columnas, filas)) as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe(-12.5);
    const csv = partirCsv(csvTexto([{ columnas, filas }]));
    expect(csv[1]![1]).toBe('-12.5');
    const ods = strFromU8(unzipSync(new Uint8Array(await escribir(odsWriter(), columnas, filas)))['content.xml']!);
    expect(ods).toContain('office:value-type="float" office:value="-12.5"');
  });
});

describe('every export route of the app (walked from the route registry)', () => {
  let t: TestApp;
  let demo: Session;
  let enlaceInspeccion: string;

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.as('demo', 'DEMO');
    const [empresa] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
    // Every free-text field of every entity, in the demo company, starts with a formula (a different one per field).
    let n = 0;
    for (const entidad of ENTITY_LIST) {
      const tabla = tableOf(entidad.name);
      if (!tabla) continue;
      for (const [campo, def] of Object.entries(entidad.fields)) {
        if (def.kind !== 'text' || def.pattern) continue;
        const veneno = VENENOS[n++ % VENENOS.length]!;
        await t.database
          .query(
            `update "${getTableName(tabla)}" set "${columnName(campo)}" = $1 || "${columnName(campo)}"
              where empresa_id = $2 and coalesce("${columnName(campo)}", '') <> ''`,
            [veneno.startsWith('=') ? veneno : `${veneno}${MARCA}`, empresa!.id],
          )
          .catch(() => undefined); // a column with its own check keeps its value; the rest are enough
      }
    }
    // A pause whose reason is a formula: the inspector's and the monthly sheets show it.
    const fichaje = await t.as('fichaje', 'DEMO');
    const fichar = (body: Record<string, unknown>) =>
      fichaje.request('POST', '/api/rrhh/fichajesusu/save', { Origen: 'w', ...body });
    // A pause needs an open day: the seeded state may be either.
    let pausa = await fichar({ Tipo: 'p', MotivoPausa: VENENOS[0] });
    for (let i = 0; i < 2 && pausa.status !== 200; i++) {
      await fichar({ Tipo: 'j' });
      pausa = await fichar({ Tipo: 'p', MotivoPausa: VENENOS[0] });
    }
    expect(pausa.status).toBe(200);
    // The inspector's link over this month (the pause is in it).
    const Hasta = new Date().toISOString().slice(0, 10);
    const cuerpo = { Destinatario: 'Inspección de Trabajo', Desde: `${Hasta.slice(0, 7)}-01`, Hasta, Dias: 2 };
    enlaceInspeccion = (await demo.request('POST', '/api/rrhh/inspeccion/save', cuerpo)).body.Enlace;
    expect(enlaceInspeccion).toMatch(/^\/api\/rrhh\/inspeccion\/ver\//);
  }, 120_000);
  afterAll(() => t.close());

  it('no cell of any spreadsheet, CSV or data export the app answers is a live formula', async () => {
    const hoy = new Date().toISOString().slice(0, 10);
    const periodo = { FechaDesde: `${hoy.slice(0, 4)}-01-01`, FechaHasta: hoy };
    // The period goes as parameters and, when the route refuses them as list filters, also as `Filtros`.
    const consultas = (formato: string) => [
      new URLSearchParams({ Formato: formato, Mes: hoy.slice(0, 7), ...periodo }).toString(),
      new URLSearchParams({ Formato: formato, Filtros: JSON.stringify(periodo) }).toString(),
    ];
    const pedir = async (url: string, formato: string) => {
      for (const q of consultas(formato)) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?${q}`,
          headers: { authorization: `Bearer ${demo.token}` },
        });
        if (res.statusCode === 200) return res;
      }
      return null;
    };
    const inspeccion = `${enlaceInspeccion}/exportar`;
    // Every GET route that needs no id (an export never does) plus the inspector's link, in every format.
    const urls = [
      ...t.deps.routes.filter((r) => r.method === 'GET' && !r.url.includes(':')).map((r) => r.url),
      inspeccion,
    ];
    const exportaciones = new Map<string, string[]>();
    const malas: { url: string; formato: string; formulas: number; vivos: string[] }[] = [];
    let conMarca = 0;
    for (const url of urls)
      for (const formato of ['xlsx', 'ods', 'csv']) {
        const res = await pedir(url, formato);
        if (!res) continue;
        const leido = await leerRespuesta(String(res.headers['content-type'] ?? ''), res.rawPayload);
        if (!leido) continue;
        exportaciones.set(url, [...(exportaciones.get(url) ?? []), formato]);
        const { formulas, vivos } = sinVivos(leido);
        if (formulas || vivos.length) malas.push({ url, formato, formulas, vivos: vivos.slice(0, 3) });
        if (leido.textos.some((x) => x.startsWith("'") && x.includes(MARCA))) conMarca++;
      }
    expect(malas).toEqual([]);
    // The walk did reach the exports: every `/export` route, the inspector's and the monthly CSV sheets…
    const esperadas = [
      ...t.deps.routes.filter((r) => r.method === 'GET' && r.url.endsWith('/export')).map((r) => r.url),
      inspeccion,
      '/api/rrhh/fichajes/hoja',
      '/api/formacion/citasaues/csv',
      '/api/configuracion/empresa/exportacioncompleta',
    ];
    expect(esperadas.filter((u) => !exportaciones.has(u))).toEqual([]);
    expect(exportaciones.get(inspeccion)).toEqual(['xlsx', 'csv']);
    // …and the poison did reach many of them (neutralised), so the check above was not vacuous.
    expect(conMarca).toBeGreaterThan(50);
  }, 600_000);
});
