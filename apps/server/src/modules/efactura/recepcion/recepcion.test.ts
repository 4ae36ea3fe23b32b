import { readdirSync, readFileSync } from 'node:fs';
import { dec, facturaFacturae, toFixed } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASOS_FACTURA } from '../../../../../../packages/domain/src/efactura/efactura.testkit.ts';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crear, terceroConNif } from '../../../../test/datosDemo.ts';
import { multipartFile } from '../../../../test/multipart.ts';
import type { Session } from '../../../../test/testApp.ts';
import { pedirUbl } from '../efactura.testkit.ts';
import { asegurarSef, DIRECTORIO_EN16931 } from '../validador.ts';
import { RUTA_IMPORTAR_XML } from './rutas.ts';

/** Received e-invoices become draft received invoices: the CEN examples, a total that disagrees, Faro's own UBL. */
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
const academia = t.sesion('academia', 'ACADEMIA');

const ejemplo = (nombre: string) => readFileSync(`${DIRECTORIO_EN16931}/examples/${nombre}`);
// The CEN's CII examples, kept beside the domain's reader.
const EJEMPLOS_CII = new URL('../../../../../../packages/domain/src/efactura/lectura/ejemplos/', import.meta.url);
const importar = (s: Session, nombre: string, contenido: Uint8Array | string) => {
  const m = multipartFile(nombre, contenido, 'application/xml');
  return s.request('POST', RUTA_IMPORTAR_XML, m.body, m.headers);
};
const cuenta = async (tabla: string) =>
  Number((await t.database.query<{ n: number }>(`select count(*)::int as n from ${tabla}`))[0]!.n);

/**
 * The rates of the CEN examples (Danish 25 %, Dutch 6 %, Norwegian 15 %, German 19 %, Danish 12 %) and their
 * zero-rated, exempt and not-subject lines as the demo company's VAT types.
 */
async function tiposExtranjeros(): Promise<void> {
  const existentes = (await demo.request('GET', '/api/configuracion/tiposiva/list?TotalPagina=200')).body.Items as {
    Valor: string;
  }[];
  if (existentes.some((x) => x.Valor === 'UE25')) return;
  for (const [Valor, PorcentajeIva, Tipo, Exencion] of [
    ['UE25', '25', 'general', null],
    ['UE6', '6', 'reducido', null],
    ['UE15', '15', 'reducido', null],
    ['UE19', '19', 'general', null],
    ['UE12', '12', 'reducido', null],
    ['UE0', '0', 'cero', null],
    ['UEEX', '0', 'exento', 'E6'],
  ])
    await crear(demo, '/api/configuracion/tiposiva/save', {
      Valor,
      Descripcion: `IVA extranjero ${PorcentajeIva} % ${Valor}`,
      Impuesto: 'IVA',
      Tipo,
      PorcentajeIva,
      Exencion,
    });
}

beforeAll(async () => {
  await asegurarSef();
}, 300_000);

describe(`POST ${RUTA_IMPORTAR_XML}`, () => {
  it('refuses a VAT rate the company lacks (422), naming it, and writes nothing', async () => {
    const [docs, proveedores] = [await cuenta('documentos_compra'), await cuenta('proveedores')];
    const res = await importar(demo, 'nl.xml', ejemplo('guide-example1.xml'));
    expect(res.status).toBe(422);
    expect(res.body.Mensaje).toBe(
      'La empresa no tiene el tipo de IVA que usa la factura (IVA 6 %): créalo en Configuración › Tipos de IVA e impórtala de nuevo',
    );
    expect(await cuenta('documentos_compra')).toBe(docs);
    expect(await cuenta('proveedores')).toBe(proveedores);
  });

  it.each([
    ['BIS3_Invoice_positive.XML', 'Company A', 'DK12345678', '12345', '782179.43'],
    ['guide-example1.xml', 'De Koksmaat', 'NL820098395B01', '12115118', '250.33'],
    ['guide-example2.xml', 'Salescompany ltd.', 'NO123456789MVA', 'TOSL108', '1801.78'],
  ])(
    'imports the CEN example %s as a draft with its supplier, lines, totals and original',
    async (fichero, nombre, nif, numero, total) => {
      await tiposExtranjeros();
      const xml = ejemplo(fichero);
      const res = await importar(demo, fichero, xml);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.Diferencias).toEqual([]);
      expect(res.body.Proveedor).toMatchObject({ Nombre: nombre, Nif: nif, Creado: true });
      const d = (await demo.request('GET', `/api/compras/fcompra/edit/${res.body.Id}`)).body;
      expect(d).toMatchObject({ Proveedor: res.body.Proveedor.Id, NumFacturaProveedor: numero, Estado: 'Provisional' });
      expect(d.Total).toBe(total);
      expect(d.BaseImponible).toBe(res.body.Totales.TaxExclusiveAmount);
      expect(d.DiferenciaPapel?.HayDiferencia ?? false).toBe(false);
      expect(d.Adjunto).toMatchObject({ Nombre: fichero, Tipo: 'xml', Tamano: xml.length });
      const original = await demo.request('GET', `/api/compras/fcompra/adjunto/${res.body.Id}`);
      expect(original.status).toBe(200);
      expect(String(original.body)).toContain(`<cbc:ID>${numero}</cbc:ID>`);
      // The new supplier came through the suppliers' own create path: a code of the series and an audit record.
      const p = (await demo.request('GET', `/api/compras/proveedores/edit/${res.body.Proveedor.Id}`)).body;
      expect(p.Codigo).toMatch(/^\d{6,}$/);
      const auditados = await t.database.query<{ n: number }>(
        `select count(*)::int as n from auditoria where recurso = 'proveedores' and id_registro = ${Number(res.body.Proveedor.Id)} and accion = 'A'`,
      );
      expect(auditados[0]!.n).toBe(1);
      // The same supplier again is matched by its NIF, not created twice.
      const otra = await importar(
        demo,
        'otra.xml',
        xml.toString('utf8').replace(`<cbc:ID>${numero}</cbc:ID>`, `<cbc:ID>${numero}-B</cbc:ID>`),
      );
      expect(otra.status, JSON.stringify(otra.body)).toBe(201);
      expect(otra.body.Proveedor).toMatchObject({ Id: res.body.Proveedor.Id, Creado: false });
    },
  );

  it('imports every CEN CII example with its supplier, lines, taxes and totals, and marks it received as CII', async () => {
    await tiposExtranjeros();
    const ficheros = readdirSync(EJEMPLOS_CII).sort();
    expect(ficheros.length).toBeGreaterThanOrEqual(13);
    for (const fichero of ficheros) {
      const xml = readFileSync(new URL(fichero, EJEMPLOS_CII)).toString('utf8');
      // Several examples share a supplier's number: each import is a distinct invoice of the supplier.
      const unico = xml.replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)([^<]*)/, `$1$2-${fichero.replace(/\W/g, '')}`);
      const res = await importar(demo, fichero, unico);
      expect(res.status, `${fichero}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.Diferencias, fichero).toEqual([]);
      const d = (await demo.request('GET', `/api/compras/fcompra/edit/${res.body.Id}`)).body;
      expect(d.Proveedor, fichero).toBe(res.body.Proveedor.Id);
      expect(d.ProveedorNombre ?? res.body.Proveedor.Nombre).toBe(res.body.Proveedor.Nombre);
      expect(d.Lineas.length, fichero).toBeGreaterThan(0);
      expect(d.BaseImponible, fichero).toBe(toFixed(dec(res.body.Totales.TaxExclusiveAmount), 2));
      expect(d.Total, fichero).toBe(toFixed(dec(res.body.Totales.TaxInclusiveAmount), 2));
      expect(d.Adjunto, fichero).toMatchObject({ Nombre: fichero, Tipo: 'xml' });
    }
    const recibidas = await t.database.query<{ formato: string; n: number }>(
      `select formato, count(*)::int as n from efactura_recibidas group by formato order by formato`,
    );
    expect(recibidas.find((r) => r.formato === 'CII')?.n).toBeGreaterThanOrEqual(ficheros.length);
  });

  it('imports a Facturae 3.2.2 file as a draft received as Facturae, withholding and due dates included', async () => {
    const caso = CASOS_FACTURA.irpf!;
    const res = await importar(demo, 'facturae.xml', facturaFacturae({ ...caso, Numero: 'FE-2026/7' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.Diferencias).toEqual([]);
    expect(res.body.Retencion).toBe(caso.TotalRetencion);
    const d = (await demo.request('GET', `/api/compras/fcompra/edit/${res.body.Id}`)).body;
    expect(d).toMatchObject({ NumFacturaProveedor: 'FE-2026/7', Total: caso.Total, PorcRetencion: '15.00' });
    expect(d.Observaciones).toContain('Importada de la factura electrónica Facturae FE-2026/7');
    const [recibida] = await t.database.query<{ formato: string; origen: string }>(
      `select formato, origen from efactura_recibidas where id_documento = ${Number(res.body.Id)}`,
    );
    expect(recibida).toEqual({ formato: 'Facturae', origen: 'fichero' });
  });

  it('shows the totals that disagree, and registering then asks for the difference to be accepted', async () => {
    const xml = ejemplo('guide-example1.xml')
      .toString('utf8')
      .replace('<cbc:ID>12115118</cbc:ID>', '<cbc:ID>12115118-DIF</cbc:ID>')
      .replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33', '<cbc:TaxInclusiveAmount currencyID="EUR">250.43')
      .replace('<cbc:PayableAmount currencyID="EUR">250.33', '<cbc:PayableAmount currencyID="EUR">250.43');
    const res = await importar(demo, 'dif.xml', xml);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.Aviso).toMatch(/no coinciden/);
    expect(res.body.Diferencias.map((x: { Campo: string; Diferencia: string }) => [x.Campo, x.Diferencia])).toEqual([
      ['TaxInclusiveAmount', '0.10'],
      ['PayableAmount', '0.10'],
    ]);
    expect(res.body.Diferencias[0].Mensaje).toContain('no coincide con la que calcula Faro');
    // The draft keeps them in its notes, in Spanish, for whoever opens it later.
    const d = (await demo.request('GET', `/api/compras/fcompra/edit/${res.body.Id}`)).body;
    expect(d.Observaciones).toContain(res.body.Diferencias[0].Mensaje);
    const reg = await demo.request('POST', `/api/compras/fcompra/registrar/${res.body.Id}`);
    expect(reg.status).toBe(400);
  });

  it('refuses a file that is not an e-invoice with a Spanish 400, writing nothing', async () => {
    const docs = await cuenta('documentos_compra');
    const pdf = await importar(demo, 'factura.pdf', '%PDF-1.7 nada');
    expect(pdf.status).toBe(400);
    expect(JSON.stringify(pdf.body)).toContain('El fichero no es una factura electrónica en XML');
    const cii = await importar(demo, 'cii.xml', '<rsm:CrossIndustryInvoice xmlns:rsm="urn:x"/>');
    expect(cii.status).toBe(400);
    expect(cii.body.Mensaje).toBe('La factura electrónica no indica el nombre del proveedor');
    const otra = await importar(demo, 'pedido.xml', '<Order xmlns="urn:x"/>');
    expect(otra.status).toBe(400);
    expect(otra.body.Mensaje).toBe(
      'El XML no es una factura electrónica UBL, CII ni Facturae (su elemento raíz es Order)',
    );
    const roto = await importar(demo, 'roto.xml', '<Invoice><cbc:ID>1</Invoice>');
    expect(roto.status).toBe(400);
    const control = ejemplo('guide-example1.xml').toString('utf8').replace('De Koksmaat', 'De&#7;Koksmaat');
    const sucio = await importar(demo, 'control.xml', control);
    expect(sucio.status).toBe(400);
    expect(sucio.body.Mensaje).toMatch(/caracteres/i);
    expect(await cuenta('documentos_compra')).toBe(docs);
  });

  it('books an invoice Faro issued as UBL in another company: same lines, totals and due dates', async () => {
    const cliente = await terceroConNif(demo, 'ventas/clientes');
    const id = await crear(demo, '/api/ventas/fventa/save', {
      Cliente: cliente.Id,
      Fecha: '2026-03-02',
      Lineas: [
        { Descripcion: 'Tornillos', Cantidad: '3', Precio: '12.50', TipoIva: 'IVA21' },
        { Descripcion: 'Manual', Cantidad: '1', Precio: '20', TipoIva: 'IVA4' },
      ],
    });
    const emitida = await demo.request('POST', `/api/ventas/fventa/emitir/${id}`);
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(200);
    const ubl = await pedirUbl(demo, id);
    expect(ubl.status).toBe(200);
    const res = await importar(academia, 'faro.xml', ubl.body as string);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.Diferencias).toEqual([]);
    const d = (await academia.request('GET', `/api/compras/fcompra/edit/${res.body.Id}`)).body;
    expect(d.NumFacturaProveedor).toBe(emitida.body.NumSerie);
    expect(d.Lineas.map((l: Record<string, string>) => [l.Descripcion, l.Cantidad, l.Importe, l.TipoIva])).toEqual([
      ['Tornillos', '3.000', '37.50', 'IVA21'],
      ['Manual', '1.000', '20.00', 'IVA4'],
    ]);
    expect([d.BaseImponible, d.TotalIva, d.Total]).toEqual([
      emitida.body.BaseImponible,
      emitida.body.TotalIva,
      emitida.body.Total,
    ]);
  });
});
