import { describe, expect, it } from 'vitest';
import { impuestoDe, TIPOS_IVA_DEFECTO } from '../reference/fiscal.ts';
import { TRIBUTACIONES, type Tributacion } from '../session/roles.ts';
import { casos } from '../testkit/casos.testkit.ts';
import { entitySaveSchema } from './defineEntity.ts';
import { tiposiva } from './tiposiva.ts';

/** The VAT types a company gets for its tax regime (spec section 9, compliance-es §7): the tax and its rates. */
describe('default VAT types per tax regime', () => {
  casos('%s pays %s', impuestoDe, [
    ['peninsula', 'IVA'],
    ['alava', 'IVA'],
    ['guipuzcoa', 'IVA'],
    ['vizcaya', 'IVA'],
    ['navarra', 'IVA'],
    ['canarias', 'IGIC'],
    ['ceuta', 'IPSI'],
    ['melilla', 'IPSI'],
  ]);

  it('covers every regime of the company entity', () => {
    expect(Object.keys(TRIBUTACIONES).sort()).toEqual(
      ['alava', 'canarias', 'ceuta', 'guipuzcoa', 'melilla', 'navarra', 'peninsula', 'vizcaya'].sort(),
    );
  });

  const rates = (impuesto: keyof typeof TIPOS_IVA_DEFECTO) =>
    TIPOS_IVA_DEFECTO[impuesto].map((t) => [t.PorcentajeIva, t.PorcentajeRecargo, t.GeneraRecargo]);

  it('IVA: 21 / 10 / 4 / 0 with the equivalence surcharge 5.2 / 1.4 / 0.5, and an exempt type', () => {
    expect(rates('IVA')).toEqual([
      ['21.00', '5.20', true],
      ['10.00', '1.40', true],
      ['4.00', '0.50', true],
      ['0.00', '0.00', false],
      ['0.00', '0.00', false],
      ['0.00', '0.00', false],
      ['0.00', '0.00', false],
    ]);
    expect(TIPOS_IVA_DEFECTO.IVA.map((t) => t.Tipo)).toContain('exento');
    // The exempt ones carry their cause: art. 20 (E1), exports (E2), intra-EU supplies (E5); tipo cero has none.
    expect(TIPOS_IVA_DEFECTO.IVA.filter((t) => t.Exencion).map((t) => [t.Valor, t.Exencion])).toEqual([
      ['EXENTO', 'E1'],
      ['EXPORT', 'E2'],
      ['INTRAUE', 'E5'],
    ]);
  });

  it('IGIC (Canarias): 0 / 3 / 5 / 7 / 9.5 / 15 / 20, never a surcharge', () => {
    expect(TIPOS_IVA_DEFECTO.IGIC.map((t) => Number(t.PorcentajeIva)).sort((a, b) => a - b)).toEqual([
      0, 3, 5, 7, 9.5, 15, 20,
    ]);
    expect(TIPOS_IVA_DEFECTO.IGIC.every((t) => t.Impuesto === 'IGIC' && !t.GeneraRecargo)).toBe(true);
  });

  it('IPSI (Ceuta, Melilla): rates within 0.5–10 %, never a surcharge', () => {
    expect(
      TIPOS_IVA_DEFECTO.IPSI.every(
        (t) => t.Impuesto === 'IPSI' && Number(t.PorcentajeIva) >= 0.5 && Number(t.PorcentajeIva) <= 10,
      ),
    ).toBe(true);
    expect(TIPOS_IVA_DEFECTO.IPSI.some((t) => t.PorcentajeIva === '4.00')).toBe(true);
  });

  it.each(Object.keys(TRIBUTACIONES) as Tributacion[])(
    '%s: every default type is a valid tiposiva row, with unique values',
    (tributacion) => {
      const schema = entitySaveSchema(tiposiva);
      const tipos = TIPOS_IVA_DEFECTO[impuestoDe(tributacion)];
      for (const t of tipos) {
        const r = schema.safeParse(t);
        expect(r.success, `${t.Valor}: ${r.success ? '' : JSON.stringify(r.error.issues)}`).toBe(true);
      }
      expect(new Set(tipos.map((t) => t.Valor)).size).toBe(tipos.length);
    },
  );
});
