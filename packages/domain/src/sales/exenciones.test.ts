import { describe, expect, it } from 'vitest';
import { entitySaveSchema } from '../entities/defineEntity.ts';
import { tiposiva } from '../entities/tiposiva.ts';
import { leyendaExencion } from '../reference/fiscal.ts';
import { agruparExentas, exencionDeRegimen, lineasNoExentas, tieneNifIvaUe, tiposSegunRegimen } from './exenciones.ts';
import { calcularTotales, type TipoIva } from './totals.ts';

const TIPOS: TipoIva[] = [
  { Valor: 'IVA21', Impuesto: 'IVA', PorcentajeIva: '21.00', PorcentajeRecargo: '5.20', GeneraRecargo: true },
  { Valor: 'IVA0', Impuesto: 'IVA', PorcentajeIva: '0.00', PorcentajeRecargo: '0.00' },
  { Valor: 'EXENTO', Impuesto: 'IVA', PorcentajeIva: '0.00', PorcentajeRecargo: '0.00', Exencion: 'E1' },
  { Valor: 'SANIDAD', Impuesto: 'IVA', PorcentajeIva: '0.00', PorcentajeRecargo: '0.00', Exencion: 'E1' },
  { Valor: 'OTRAS', Impuesto: 'IVA', PorcentajeIva: '0.00', PorcentajeRecargo: '0.00', Exencion: 'E6' },
];
const l = (TipoIva: string, Precio: string) => ({ Cantidad: '1', Precio, TipoIva });

describe('exempt sales', () => {
  it('mixed 21 % and E1: exempt bases apart from the 0 % taxed base, grouped per cause', () => {
    const t = calcularTotales(
      { Lineas: [l('IVA21', '100'), l('EXENTO', '30'), l('SANIDAD', '20'), l('IVA0', '5'), l('OTRAS', '1')] },
      TIPOS,
    );
    expect([t.BaseImponible, t.TotalIva, t.Total]).toEqual(['156.00', '21.00', '177.00']);
    const d = agruparExentas(t.Desglose);
    expect(d.map((x) => [x.TipoIva, x.PorcentajeIva, x.Exencion, x.Base, x.Cuota])).toEqual([
      ['IVA21', '21.00', null, '100.00', '21.00'],
      ['EXENTO', '0.00', 'E1', '50.00', '0.00'],
      ['IVA0', '0.00', null, '5.00', '0.00'],
      ['OTRAS', '0.00', 'E6', '1.00', '0.00'],
    ]);
    // Grouping never changes the sum of the bases.
    expect(d.reduce((s, x) => s + Number(x.Base), 0)).toBe(Number(t.BaseImponible));
  });

  it('intra-EU (E5) and export (E2) customers: every type without a cause goes exempt, no surcharge', () => {
    expect([exencionDeRegimen('intracomunitario'), exencionDeRegimen('exportacion')]).toEqual(['E5', 'E2']);
    expect([exencionDeRegimen('general'), exencionDeRegimen('recargo'), exencionDeRegimen(null)]).toEqual([
      null,
      null,
      null,
    ]);
    const ue = tiposSegunRegimen(TIPOS, 'intracomunitario');
    expect(ue.map((t) => [t.Valor, t.PorcentajeIva, t.Exencion])).toEqual([
      ['IVA21', '0.00', 'E5'],
      ['IVA0', '0.00', 'E5'],
      ['EXENTO', '0.00', 'E1'],
      ['SANIDAD', '0.00', 'E1'],
      ['OTRAS', '0.00', 'E6'],
    ]);
    const t = calcularTotales({ Lineas: [l('IVA21', '100'), l('EXENTO', '10')], RecargoEquivalencia: true }, ue);
    expect([t.TotalIva, t.TotalRecargo, t.Total]).toEqual(['0.00', '0.00', '110.00']);
    expect(tiposSegunRegimen(TIPOS, 'exportacion')[0]?.Exencion).toBe('E2');
    expect(tiposSegunRegimen(TIPOS, 'general')).toEqual(TIPOS);
  });

  it('EU VAT id: a NIF-IVA of another member state', () => {
    expect(tieneNifIvaUe({ NIF: 'FR40303265045', TipoNIF: 'nifiva' })).toBe(true);
    expect(tieneNifIvaUe({ NIF: 'DE123456789' })).toBe(true);
    expect(tieneNifIvaUe({ NIF: 'ESB85626240', TipoNIF: 'nifiva' })).toBe(false);
    expect(tieneNifIvaUe({ NIF: 'B85626240', TipoNIF: 'nif' })).toBe(false);
    expect(tieneNifIvaUe({ NIF: null })).toBe(false);
    expect(tieneNifIvaUe({ NIF: 'US123456789', TipoNIF: 'extranjero' })).toBe(false);
  });

  it('exempt customer: the lines whose type carries no cause', () => {
    expect(lineasNoExentas([l('EXENTO', '1'), l('IVA21', '1'), l('IVA0', '1')], TIPOS)).toEqual([2, 3]);
  });

  it('legal reasons of RD 1619/2012 art. 6.1.j per cause', () => {
    expect(leyendaExencion('E1')).toBe('Operación exenta de IVA según el artículo 20 de la Ley 37/1992');
    expect(leyendaExencion('E2')).toContain('artículo 21 de la Ley 37/1992');
    expect(leyendaExencion('E5')).toContain('artículo 25 de la Ley 37/1992');
    expect(leyendaExencion('S1')).toBe('');
    expect(leyendaExencion(null)).toBe('');
  });

  it('tiposiva: a cause only at 0 % and without surcharge, from the official list', () => {
    const schema = entitySaveSchema(tiposiva);
    const base = { Valor: 'X', Descripcion: 'X', Impuesto: 'IVA', Tipo: 'exento', PorcentajeIva: '0' };
    expect(schema.safeParse({ ...base, Exencion: 'E1' }).success).toBe(true);
    expect(schema.safeParse({ ...base, PorcentajeIva: '21' }).success).toBe(true);
    const r = schema.safeParse({ ...base, PorcentajeIva: '21', Exencion: 'E1' });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain(
      'Una operación exenta no lleva IVA: con causa de exención el porcentaje debe ser 0',
    );
    const rec = schema.safeParse({ ...base, Exencion: 'E1', GeneraRecargo: true, PorcentajeRecargo: '5.2' });
    expect(JSON.stringify(rec.error?.issues)).toContain('Una operación exenta no lleva recargo de equivalencia');
    expect(schema.safeParse({ ...base, Exencion: 'E9' }).success).toBe(false);
  });
});
