import { MSG, MSG_DATOS } from '@faro/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { multipartFile } from '../../../test/multipart.ts';

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');

const base = '/api/ventas/clientes/importar';
const upload = (name: string, content: Uint8Array | string, path = base) => {
  const file = multipartFile(name, content, 'text/csv');
  return demo.request('POST', path, file.body, file.headers);
};
const total = async (path = '/api/ventas/clientes') => (await demo.request('GET', `${path}/list`)).body.Total as number;

/** A Spanish spreadsheet exported as CSV: semicolons, Windows-1252, decimal commas, dd/mm/yyyy. */
const csv1252 = (text: string) => new Uint8Array([...text].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));

/** How the sample's Spanish headers map to the customer fields (the proposal, and what the user confirms). */
const MAPEO = {
  Código: 'Codigo',
  'Razón social': 'Nombre',
  CIF: 'NIF',
  'C.P.': 'CodPostal',
  Localidad: 'Poblacion',
  IBAN: 'IBAN',
  'Forma de pago': 'IdFormaPago',
  'Límite de crédito': 'LimiteCredito',
};

const HEADER =
  'Código;Razón social;CIF;C.P.;Localidad;IBAN;Forma de pago;Límite de crédito;Fecha mandato;Observaciones\r\n';
const ROWS = [
  'C-100;Almacenes Peña SL;B12345674;28013;Madrid;ES9121000418450200051332;TRANSF30;1.500,50;15/03/2025;Cliente antiguo',
  'C-101;Bazar Núñez;12345678A;41003;Sevilla;;;;;',
  'C-102;Droguería Ibáñez;;46001;Valencia;ES9121000418450200051331;;;;',
  'C-103;;B85626240;08001;Barcelona;;;;;',
  'C-100;Repetido SL;;28001;Madrid;;;;;',
  '000001;Ya existe SL;;28001;Madrid;;;;;',
  'C-106;Sin forma de pago SL;;28001;Madrid;;Pagaré a 90 días;;;',
  'C-107;Mal código postal SL;;99999;Madrid;;;;31/02/2025;',
];

describe('importing customers from a file', () => {
  let id = 0;

  it('reads a Spanish CSV (Windows-1252, semicolons) and suggests the column mapping', async () => {
    const res = await upload('clientes.csv', csv1252(HEADER + ROWS.join('\r\n')));
    expect(res.status).toBe(200);
    id = res.body.Id;
    expect(res.body.Columnas).toEqual(HEADER.trim().split(';'));
    expect(res.body.TotalFilas).toBe(8);
    expect(res.body.Muestra[0][1]).toBe('Almacenes Peña SL');
    expect(res.body.Mapeo).toMatchObject({ ...MAPEO, Observaciones: 'Observaciones' });
    expect(res.body.Campos).toContainEqual({ Campo: 'Nombre', Etiqueta: 'Nombre o razón social', Obligatorio: true });
  });

  it('previews every rejected row with its Spanish reasons and writes nothing', async () => {
    const before = await total();
    const mapping = (await demo.request('POST', base, undefined)).status; // not a file
    expect(mapping).toBe(400);
    const Mapeo = { ...MAPEO, 'Fecha mandato': 'MandatoFecha' };
    const res = await demo.request('POST', `${base}/${id}/previsualizar`, { Mapeo });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Total: 8, Validas: 1 });
    const reasons = Object.fromEntries(
      res.body.Rechazadas.map((r: { Fila: number; Errores: { Mensaje: string; Columna: string }[] }) => [
        r.Fila,
        r.Errores.map((e) => `${e.Columna}: ${e.Mensaje}`),
      ]),
    );
    expect(reasons).toEqual({
      3: [`CIF: ${MSG.taxIdLetter}`],
      4: [`IBAN: ${MSG.iban}`],
      5: [`Razón social: ${MSG.required('Nombre o razón social')}`],
      6: [`Código: ${MSG_DATOS.importRepeated('Código', 2)}`],
      7: ['Código: Ya existe un cliente con ese código'],
      8: [`Forma de pago: ${MSG_DATOS.importNotFound('Forma de pago', 'Pagaré a 90 días')}`],
      9: [`Fecha mandato: ${MSG.format}`, `C.P.: ${MSG_DATOS.postalCodeSpain}`],
    });
    expect(res.body.Muestra[0]).toMatchObject({
      Codigo: 'C-100',
      Nombre: 'Almacenes Peña SL',
      LimiteCredito: '1500.50',
      MandatoFecha: '2025-03-15',
      Provincia: '28',
      IdFormaPago: expect.any(Number),
    });
    const refused = await demo.request('POST', `${base}/${id}/confirmar`, { Mapeo });
    expect(refused.status).toBe(400);
    expect(refused.body.Mensaje).toBe(MSG_DATOS.importRejected(7));
    expect(refused.body.Errores).toContainEqual({ Campo: 'Fila 3: NIF', Mensaje: MSG.taxIdLetter });
    expect(await total()).toBe(before);
  });

  it('refuses a mapping without the required fields or with a field twice', async () => {
    const none = await demo.request('POST', `${base}/${id}/previsualizar`, { Mapeo: { CIF: 'NIF' } });
    expect(none.status).toBe(400);
    expect(none.body.Errores).toEqual([
      { Campo: 'Mapeo', Mensaje: MSG_DATOS.importRequiredUnmapped('Nombre o razón social') },
    ]);
    const twice = await demo.request('POST', `${base}/${id}/previsualizar`, {
      Mapeo: { 'Razón social': 'Nombre', Observaciones: 'Nombre', Nada: 'NIF' },
    });
    expect(twice.body.Errores.map((e: { Mensaje: string }) => e.Mensaje)).toEqual([
      MSG_DATOS.importFieldTwice('Nombre o razón social'),
      MSG_DATOS.importUnknownColumn('Nada'),
    ]);
  });

  it('writes all the rows of a clean XLSX in one go, numbered and audited', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Clientes');
    sheet.addRow(['Nombre', 'NIF', 'Código postal', 'Alta', 'Tarifa']);
    sheet.addRow(['Mercería Lola', '54362315K', '29005', new Date(Date.UTC(2024, 0, 31)), 'MAYOR']);
    sheet.addRow(['Quincallería Ortiz SL', 'B64717838', 28013, null, 'Tarifa mayoristas']);
    sheet.addRow(['Sastrería Gil', 'X1234567L', '41003', null, null]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const up = await upload('clientes.xlsx', bytes);
    expect(up.status).toBe(200);
    expect(up.body.Mapeo).toEqual({ Nombre: 'Nombre', NIF: 'NIF', 'Código postal': 'CodPostal', Tarifa: 'IdTarifa' });
    const before = await total();
    const done = await demo.request('POST', `${base}/${up.body.Id}/confirmar`, { Mapeo: up.body.Mapeo });
    expect(done.status).toBe(200);
    expect(done.body.Importados).toBe(3);
    expect(await total()).toBe(before + 3);
    const rows = (
      await demo.request(
        'GET',
        `/api/ventas/clientes/list?Filtros=${encodeURIComponent('{"Buscar":"ería"}')}&Orden=Codigo`,
      )
    ).body.Items;
    const imported = rows.filter((r: { Nombre: string }) => /Lola|Ortiz|Sastrería/.test(r.Nombre));
    expect(
      imported.map((r: { Codigo: string; Provincia: string; TipoNIF: string }) => [r.Codigo, r.Provincia, r.TipoNIF]),
    ).toEqual([
      ['000013', '29', 'nif'],
      ['000014', '28', 'nif'],
      ['000015', '41', 'nif'],
    ]);
    expect(imported[0].IdTarifa).toBe(imported[1].IdTarifa);
    expect(imported[0].IdTarifa).toEqual(expect.any(Number));
    expect(imported[2].IdFormaPago).toEqual(expect.any(Number)); // company default
    const audit = await demo.request(
      'GET',
      `/api/usuarios/auditoria/list?Filtros=${encodeURIComponent(JSON.stringify({ Recurso: 'clientes', IdRegistro: imported[0].Id }))}`,
    );
    expect(audit.body.Items[0]).toMatchObject({ Accion: 'A', UserName: 'demo' });
    expect((await demo.request('POST', `${base}/${up.body.Id}/confirmar`, { Mapeo: up.body.Mapeo })).status).toBe(404);
  });

  it('imports products and suppliers too', async () => {
    const prod = await upload(
      'productos.csv',
      'Referencia;Descripción;PVP;Familia;IVA;EAN13\nNEW-1;Llave inglesa 10";12,50;HERR;IVA21;4006381333931\nNEW-2;Sierra;9;Inexistente;;4006381333932\n',
      '/api/catalogo/productos/importar',
    );
    expect(prod.status).toBe(200);
    const preview = await demo.request('POST', `/api/catalogo/productos/importar/${prod.body.Id}/previsualizar`, {
      Mapeo: prod.body.Mapeo,
    });
    expect(preview.body.Validas).toBe(1);
    expect(preview.body.Rechazadas).toEqual([
      {
        Fila: 3,
        Errores: [
          { Campo: 'IdFamilia', Columna: 'Familia', Mensaje: MSG_DATOS.importNotFound('Familia', 'Inexistente') },
          { Campo: 'CodigoBarras', Columna: 'EAN13', Mensaje: MSG_DATOS.barcode },
        ],
      },
    ]);
    const sup = await upload(
      'prov.csv',
      'Nombre,NIF\n"Transportes ""El Rayo"" SL",B85626240\n',
      '/api/compras/proveedores/importar',
    );
    const ok = await demo.request('POST', `/api/compras/proveedores/importar/${sup.body.Id}/confirmar`, {
      Mapeo: sup.body.Mapeo,
    });
    expect(ok.body).toMatchObject({ Importados: 1 });
    const found = await demo.request(
      'GET',
      `/api/compras/proveedores/list?Filtros=${encodeURIComponent('{"Buscar":"Rayo"}')}`,
    );
    expect(found.body.Items[0].Nombre).toBe('Transportes "El Rayo" SL');
  });

  it('answers in Spanish for empty, binary, too big or missing files, and discards uploads', async () => {
    expect((await upload('vacio.csv', 'Nombre\n')).body.Mensaje).toBe(MSG_DATOS.importNoRows);
    expect((await upload('raro.bin', new Uint8Array([1, 0, 2, 0, 3]))).body.Mensaje).toBe(MSG_DATOS.importUnreadable);
    const big = await upload('grande.csv', `Nombre\n${'x'.repeat(10 * 1024 * 1024)}`);
    expect(big.status).toBe(400);
    expect(big.body.Mensaje).toBe(MSG.fileTooBig(10 * 1024));
    const json = await demo.request('POST', base, { Nombre: 'no es un fichero' });
    expect(json.body.Mensaje).toBe(MSG.fileMissing);
    const up = await upload('x.csv', 'Nombre\nUno\n');
    expect((await demo.request('DELETE', `${base}/${up.body.Id}`)).status).toBe(204);
    expect((await demo.request('POST', `${base}/${up.body.Id}/previsualizar`, { Mapeo: {} })).status).toBe(404);
  });
});
