import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { add, dec, sum, toFixed } from '../../money/decimal.ts';
import { CASOS_FACTURA } from '../efactura.testkit.ts';
import { facturaUbl } from '../ubl.ts';
import { leerFacturaElectronica } from './leer.ts';
import { ErrorFormato } from './modelo.ts';
import { diferenciasTotales, totalesCalculados } from './totales.ts';

// The CEN artefacts beside the repository, as the server's validator finds them (or where the variable says).
const EJEMPLOS = `${process.env.FARO_EN16931_SCHEMAS ?? fileURLToPath(new URL('../../../../../../shared/schemas/en16931', import.meta.url))}/examples`;
const ejemplo = (nombre: string) => readFileSync(`${EJEMPLOS}/${nombre}`, 'utf8');
const sumaLineas = (ls: { Importe: string; DeDocumento?: boolean }[]) =>
  toFixed(sum(ls.filter((l) => !l.DeDocumento).map((l) => dec(l.Importe))), 2);

/** The CEN's own examples: supplier, lines and totals read as the XML states them, nothing to type. */
describe.each([
  ['BIS3_Invoice_positive.XML', { nombre: 'Company A', nif: 'DK12345678', lineas: 1, pagar: '782179.43' }],
  ['guide-example1.xml', { nombre: 'De Koksmaat', nif: 'NL820098395B01', lineas: 20, pagar: '250.33' }],
  ['guide-example2.xml', { nombre: 'Salescompany ltd.', nif: 'NO123456789MVA', lineas: 7, pagar: '801.78' }],
])('leerFacturaElectronica(%s)', (fichero, esperado) => {
  const f = leerFacturaElectronica(ejemplo(fichero));

  it('reads the supplier, every line and the totals, which agree with the totals Faro computes', () => {
    expect(f.Proveedor.Nombre).toBe(esperado.nombre);
    expect(f.Proveedor.Nif).toBe(esperado.nif);
    expect(f.Lineas).toHaveLength(esperado.lineas);
    expect(sumaLineas(f.Lineas)).toBe(f.Totales.LineExtensionAmount);
    expect(f.Totales.PayableAmount).toBe(esperado.pagar);
    expect(totalesCalculados(f).PayableAmount).toBe(esperado.pagar);
    expect(diferenciasTotales(f)).toEqual([]);
  });
});

describe('leerFacturaElectronica', () => {
  it('keeps quantity and price when they give the amount, and turns line allowances into one unit at the amount', () => {
    const f = leerFacturaElectronica(ejemplo('guide-example2.xml'));
    const portatil = f.Lineas[0]!;
    expect(portatil).toMatchObject({ Cantidad: '1', Precio: '1273.00', Importe: '1273.00', Porcentaje: '25' });
    expect(portatil.Descripcion).toContain('(2 × 1273)');
    expect(f.Lineas.find((l) => l.Cantidad === '-1')).toMatchObject({ Precio: '3.96', Importe: '-3.96' });
    // The document-level allowance and charge are lines of their own (100 NOK each, opposite signs).
    const documento = f.Lineas.filter((l) => l.DeDocumento).map((l) => l.Importe);
    expect(toFixed(sum(documento.map((v) => dec(v))), 2)).toBe('0.00');
    expect(f.Vencimientos).toEqual([{ Fecha: '2013-07-20', Importe: '801.78' }]);
  });

  it('lists every total of the XML that disagrees with the lines, in Spanish', () => {
    const xml = ejemplo('guide-example1.xml')
      .replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33', '<cbc:TaxInclusiveAmount currencyID="EUR">250.43')
      .replace('<cbc:PayableAmount currencyID="EUR">250.33', '<cbc:PayableAmount currencyID="EUR">250.43');
    const d = diferenciasTotales(leerFacturaElectronica(xml));
    expect(d.map((x) => [x.Campo, x.EnXml, x.Calculado, x.Diferencia])).toEqual([
      ['TaxInclusiveAmount', '250.43', '250.33', '0.10'],
      ['PayableAmount', '250.43', '250.33', '0.10'],
    ]);
    expect(d[0]!.Mensaje).toBe(
      'El total con impuestos de la factura electrónica (250.43) no coincide con la que calcula Faro de sus líneas (250.33): diferencia 0.10',
    );
  });

  it('refuses what is not an e-invoice, or lacks what a draft needs, with a Spanish message', () => {
    const cii = '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:x"></rsm:CrossIndustryInvoice>';
    expect(() => leerFacturaElectronica(cii)).toThrow('La factura electrónica no indica el nombre del proveedor');
    expect(() => leerFacturaElectronica('%PDF-1.7 …')).toThrow('El fichero no es una factura electrónica en XML');
    expect(() => leerFacturaElectronica('<Invoice><ID>1</Invoice>')).toThrow(ErrorFormato);
    expect(() => leerFacturaElectronica('<Order xmlns="urn:x"/>')).toThrow(
      'El XML no es una factura electrónica UBL, CII ni Facturae (su elemento raíz es Order)',
    );
    const bomba = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><Invoice>&b;</Invoice>';
    expect(() => leerFacturaElectronica(bomba)).toThrow(/DOCTYPE/);
  });
});

/** Faro's own writer read back: what one Faro issues, another Faro books with the same lines and totals. */
describe.each(Object.entries(CASOS_FACTURA))('UBL de Faro leído de vuelta: %s', (_caso, factura) => {
  const xml = facturaUbl(factura);
  const f = leerFacturaElectronica(xml);
  const abono = f.Clase === 'abono';

  it('reads the issuer, the lines, the withholding, the due dates and the totals as written', () => {
    expect(f.Numero).toBe(factura.Numero);
    expect(f.Proveedor.Nombre).toBe(factura.Emisor.Nombre);
    expect(f.Proveedor.Nif).toBe(factura.Emisor.Nif);
    expect(f.Lineas.map((l) => l.Importe).map((v) => toFixed(dec(v), 2))).toEqual(factura.Lineas.map((l) => l.Importe));
    expect(f.Retencion).toBe(factura.TotalRetencion);
    expect(f.Vencimientos.map((v) => toFixed(dec(v.Importe), 2))).toEqual(
      factura.Vencimientos.filter((v) => dec(v.Importe).units !== 0n).map((v) => v.Importe),
    );
    const conImpuestos = toFixed(
      add(add(dec(factura.BaseImponible), dec(factura.TotalIva)), dec(factura.TotalRecargo)),
      2,
    );
    expect(f.Totales.TaxInclusiveAmount).toBe(conImpuestos);
    expect(f.Totales.PayableAmount).toBe(factura.Total);
    expect(abono).toBe(dec(factura.Total).units < 0n && factura.Tipo === 'rectificativa');
    expect(diferenciasTotales(f)).toEqual([]);
  });
});
