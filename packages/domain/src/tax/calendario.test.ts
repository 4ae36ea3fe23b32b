import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import {
  avisoPlazo,
  diaHabil,
  domingoPascua,
  estadoPlazo,
  festivosNacionales,
  modelosQueAplican,
  type PerfilFiscal,
  plazosDelAnyo,
  vencimiento,
} from './calendario.ts';

const base: PerfilFiscal = {
  IvaMensual: false,
  Exonerado390: false,
  PersonaFisica: false,
  Retenciones111: false,
  Retenciones115: false,
  Intracomunitarias: false,
};

describe('fiscal calendar: deadlines', () => {
  it('Easter and the national holidays', () => {
    expect(domingoPascua(2024)).toBe('2024-03-31');
    expect(domingoPascua(2026)).toBe('2026-04-05');
    expect(domingoPascua(2027)).toBe('2027-03-28');
    expect(festivosNacionales(2026).has('2026-04-03')).toBe(true); // Good Friday
    expect(festivosNacionales(2026).has('2026-04-02')).toBe(false); // Holy Thursday is regional
  });

  // A weekend or a national holiday moves the deadline to the next business day.
  casos('%s: the deadline moves to %s', diaHabil, [
    ['2026-04-20', '2026-04-20'], // Monday
    ['2026-09-20', '2026-09-21'], // Sunday
    ['2027-01-30', '2027-02-01'], // Saturday
    ['2026-12-05', '2026-12-07'], // Saturday → Monday
    ['2026-12-06', '2026-12-07'], // Sunday, Constitution day
    ['2026-12-08', '2026-12-09'], // Immaculate Conception (Tuesday)
    ['2027-03-26', '2027-03-29'], // Good Friday 2027 → Monday
    ['2025-12-31', '2025-12-31'],
    ['2027-01-01', '2027-01-04'], // New Year on Friday, then the weekend
  ]);

  casos('%s %s %s is due on %s', vencimiento, [
    // Quarterly models: the 20th after the quarter; 4T on the 20th (111, 115) or the 30th (303, 130, 349) of January.
    ['303', 2026, '1T', '2026-04-20'],
    ['303', 2026, '2T', '2026-07-20'],
    ['303', 2026, '3T', '2026-10-20'],
    // 30 January 2027 is a Saturday:
    ['303', 2026, '4T', '2027-02-01'],
    ['303', 2025, '4T', '2026-01-30'],
    ['130', 2025, '4T', '2026-01-30'],
    ['349', 2025, '4T', '2026-01-30'],
    ['111', 2025, '4T', '2026-01-20'],
    ['115', 2026, '4T', '2027-01-20'],
    ['111', 2027, '1T', '2027-04-20'],
    // Monthly: the 20th of the next month, July on 20 September, December on 30 January (303) or 20 (111).
    ['303', 2026, '02', '2026-03-20'],
    // 20 September 2026 is a Sunday:
    ['303', 2026, '07', '2026-09-21'],
    ['303', 2026, '08', '2026-09-21'],
    ['303', 2025, '12', '2026-01-30'],
    ['111', 2025, '12', '2026-01-20'],
    // Annual models: 390 on 30 January, 190 and 180 on 31 January, 347 at the end of February.
    ['390', 2025, '0A', '2026-01-30'],
    // 31 January 2026 is a Saturday:
    ['190', 2025, '0A', '2026-02-02'],
    // 31 January 2027 is a Sunday:
    ['180', 2026, '0A', '2027-02-01'],
    // 28 February 2026 is a Saturday:
    ['347', 2025, '0A', '2026-03-02'],
    // A leap year: 29 February 2028 is a Tuesday:
    ['347', 2027, '0A', '2028-02-29'],
  ]);
});

describe('fiscal calendar: models and states', () => {
  it('only the models that apply', () => {
    expect(modelosQueAplican(base)).toEqual(['303', '347', '390']);
    expect(modelosQueAplican({ ...base, Exonerado390: true })).toEqual(['303', '347']);
    expect(
      modelosQueAplican({
        ...base,
        PersonaFisica: true,
        Retenciones111: true,
        Retenciones115: true,
        Intracomunitarias: true,
      }),
    ).toEqual(['303', '111', '115', '130', '349', '347', '390', '190', '180']);
  });

  it('a year of deadlines, by date; monthly VAT gives twelve 303s and keeps 130 quarterly', () => {
    const t = plazosDelAnyo({ ...base, PersonaFisica: true }, 2026);
    expect(t.map((x) => `${x.Modelo} ${x.Periodo} ${x.Vence}`)).toEqual([
      '130 1T 2026-04-20',
      '303 1T 2026-04-20',
      '130 2T 2026-07-20',
      '303 2T 2026-07-20',
      '130 3T 2026-10-20',
      '303 3T 2026-10-20',
      '130 4T 2027-02-01',
      '303 4T 2027-02-01',
      '390 0A 2027-02-01',
      '347 0A 2027-03-01',
    ]);
    const m = plazosDelAnyo({ ...base, IvaMensual: true, PersonaFisica: true }, 2026);
    expect(m.filter((x) => x.Modelo === '303')).toHaveLength(12);
    expect(m.filter((x) => x.Modelo === '130').map((x) => x.Periodo)).toEqual(['1T', '2T', '3T', '4T']);
  });

  it('state from the saved returns: draft → preparado, presented → presentado, U → domiciliado', () => {
    expect(estadoPlazo([])).toBe('sin-preparar');
    expect(estadoPlazo([{ Estado: 'borrador' }])).toBe('preparado');
    expect(estadoPlazo([{ Estado: 'borrador' }, { Estado: 'presentada', TipoDeclaracion: 'I' }])).toBe('presentado');
    expect(estadoPlazo([{ Estado: 'presentada', TipoDeclaracion: 'U' }])).toBe('domiciliado');
  });

  it('reminders: N days before and once overdue, never for a filed return', () => {
    expect(avisoPlazo('2026-04-10', '2026-04-20', 'sin-preparar', 10)).toBe('proximo');
    expect(avisoPlazo('2026-04-09', '2026-04-20', 'preparado', 10)).toBeNull();
    expect(avisoPlazo('2026-04-21', '2026-04-20', 'preparado', 10)).toBe('vencido');
    expect(avisoPlazo('2026-04-21', '2026-04-20', 'presentado', 10)).toBeNull();
    expect(avisoPlazo('2026-04-21', '2026-04-20', 'domiciliado', 10)).toBeNull();
  });
});
