import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import {
  etiquetaPeriodo,
  periodosPendientes,
  plantillaRecurrenteSchema,
  siguienteFecha,
  sumarMeses,
} from './recurring.ts';

describe('recurring invoice periods', () => {
  casos('%s + %i months (day %i) = %s', sumarMeses, [
    ['2026-01-31', 1, 31, '2026-02-28'],
    ['2026-02-28', 1, 31, '2026-03-31'],
    ['2028-01-31', 1, 31, '2028-02-29'],
    ['2026-11-15', 3, 15, '2027-02-15'],
    ['2026-12-01', 12, 1, '2027-12-01'],
  ]);

  it('keeps the start day across short months', () => {
    let f = '2026-01-31';
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      f = siguienteFecha(f, 'Mensual', '2026-01-31');
      seen.push(f);
    }
    expect(seen).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('lists the due periods up to today and the end date', () => {
    expect(periodosPendientes('2026-08-01', 'Mensual', '2026-08-01', '2026-11-22')).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(periodosPendientes('2026-08-01', 'Mensual', '2026-08-01', '2026-11-22', '2026-09-30')).toEqual([
      '2026-08-01',
      '2026-09-01',
    ]);
    expect(periodosPendientes('2026-12-01', 'Trimestral', '2026-12-01', '2026-11-22')).toEqual([]);
  });

  it('names the period in Spanish', () => {
    expect(etiquetaPeriodo('2026-11-01', 'Mensual')).toBe('noviembre 2026');
    expect(etiquetaPeriodo('2026-01-01', 'Trimestral')).toBe('enero – marzo 2026');
    expect(etiquetaPeriodo('2026-11-01', 'Anual')).toBe('noviembre 2026 – octubre 2027');
  });

  it('validates the template with Spanish messages', () => {
    const base = {
      Descripcion: 'Cuota',
      Cliente: 1,
      Periodicidad: 'Mensual',
      FechaInicio: '2026-01-01',
      Accion: 'borrador',
      Lineas: [{ Descripcion: 'Mantenimiento', Cantidad: '1', Precio: '50', TipoIva: 'IVA21' }],
    };
    expect(plantillaRecurrenteSchema.safeParse(base).success).toBe(true);
    const bad = plantillaRecurrenteSchema.safeParse({ ...base, FechaFin: '2025-12-31', Periodicidad: 'Semanal' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('Mensual, Bimestral');
    const fin = plantillaRecurrenteSchema.safeParse({ ...base, FechaFin: '2025-12-31' });
    expect(fin.error?.issues[0]?.message).toBe('La fecha de fin no puede ser anterior a la fecha de inicio');
    expect(plantillaRecurrenteSchema.safeParse({ ...base, FechaInicio: '2026-02-30' }).success).toBe(false);
  });
});
