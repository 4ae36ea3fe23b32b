import { describe, expect, it } from 'vitest';
import { comprobarAnual, type PeriodoComprobado } from './comprobaciones.ts';

/** The cross-check: per box, the annual figure, the sum of the periods, the difference and why. */
const libros = (Periodo: string, Libros: Record<string, string>): PeriodoComprobado => ({
  Periodo,
  Libros,
  Presentada: null,
});
const linea = (c: ReturnType<typeof comprobarAnual>, casilla: string) => c.Lineas.find((l) => l.Casilla === casilla)!;

describe('comprobarAnual', () => {
  const trimestres = ['1T', '2T', '3T', '4T'].map((q, i) =>
    libros(q, { '27': `${(i + 1) * 100}.00`, '45': '10.00', '46': `${(i + 1) * 100 - 10}.00`, '71': '90.00' }),
  );
  const anual = { '47': '1000.00', '64': '40.00', '65': '960.00', '86': '960.00', '85': '0.00' };

  it('390 that the books and the four 303s agree on: no difference, no explanation', () => {
    const c = comprobarAnual('390', anual, trimestres);
    const l47 = linea(c, '47');
    expect([l47.Anual, l47.SumaPeriodos, l47.Diferencia, l47.Explicaciones]).toEqual([
      '1000.00',
      '1000.00',
      '0.00',
      [],
    ]);
    expect(l47.PorPeriodo.map((p) => [p.Periodo, p.Importe, p.Origen])).toEqual([
      ['1T', '100.00', 'libros'],
      ['2T', '200.00', 'libros'],
      ['3T', '300.00', 'libros'],
      ['4T', '400.00', 'libros'],
    ]);
    expect(linea(c, '64').Diferencia).toBe('0.00');
    expect(linea(c, '65').Diferencia).toBe('0.00');
  });

  it('a 303 presented with other figures than the books give today: the difference and the period named', () => {
    const presentado: PeriodoComprobado = {
      ...trimestres[1]!,
      Presentada: { Casillas: { '27': '150.00', '45': '10.00', '46': '140.00' }, FechaPresentacion: '2026-07-20' },
      Rectificativas: ['R-0003'],
    };
    const c = comprobarAnual('390', anual, [trimestres[0]!, presentado, trimestres[2]!, trimestres[3]!]);
    const l47 = linea(c, '47');
    expect([l47.SumaPeriodos, l47.Diferencia]).toEqual(['950.00', '50.00']);
    expect(l47.PorPeriodo[1]).toEqual({ Periodo: '2T', Importe: '150.00', Origen: 'presentada' });
    expect(l47.Explicaciones[0]).toContain(
      'El 2T se presentó el 20/07/2026 con 150,00 € y los libros de hoy dan 200,00 €',
    );
    expect(l47.Explicaciones[0]).toContain('rectificativas del periodo: R-0003');
    expect(l47.Explicaciones).toContain('El 1T no está presentado: se suma su cálculo de hoy');
    expect(c.Cuadra).toBe(false);
  });

  it("390's result against the 303 results: the year's own compensations explain it", () => {
    const conCompensacion = trimestres.map((t, i) => ({
      ...t,
      Libros: { ...t.Libros, '78': i === 1 ? '25.00' : '0.00' },
    }));
    const c = comprobarAnual('390', { ...anual, '86': '385.00' }, conCompensacion);
    const l86 = linea(c, '86');
    expect(l86.Diferencia).toBe('25.00');
    expect(l86.Explicaciones[0]).toContain('compensaron 25,00 €');
    expect([l86.Cuadra, c.Cuadra]).toEqual([true, true]);
  });

  it('190: payroll typed into a 111 has no perceptor records; a perceptor counted in two quarters is not a difference', () => {
    const p111 = [
      libros('1T', { '07': '1', '08': '1000.00', '09': '150.00', '03': '300.00' }),
      libros('2T', { '07': '1', '08': '500.00', '09': '75.00' }),
      libros('3T', {}),
      libros('4T', {}),
    ];
    const c = comprobarAnual('190', { '01': '1', '02': '1500.00', '03': '225.00' }, p111);
    expect(linea(c, '02').Diferencia).toBe('0.00');
    expect(linea(c, '03').Diferencia).toBe('0.00');
    const nominas = linea(c, 'A');
    expect([nominas.Anual, nominas.SumaPeriodos, nominas.Diferencia]).toEqual(['0.00', '300.00', '-300.00']);
    expect(nominas.Explicaciones[0]).toContain('clave A');
    const perceptores = linea(c, '01');
    expect([perceptores.Anual, perceptores.SumaPeriodos, perceptores.Cuenta]).toEqual(['1', '2', true]);
    expect(perceptores.Explicaciones[0]).toContain('una sola vez');
    expect([perceptores.Cuadra, nominas.Cuadra]).toEqual([true, false]);
    expect(c.Cuadra).toBe(false);
  });

  it('180 against the 115s; rounding between the year and its periods is named', () => {
    const p115 = ['1T', '2T', '3T', '4T'].map((q) => libros(q, { '01': '1', '02': '1000.00', '03': '190.00' }));
    const c = comprobarAnual('180', { '01': '1', '02': '4000.00', '03': '760.01' }, p115);
    expect(linea(c, '02').Diferencia).toBe('0.00');
    expect(linea(c, '03').Diferencia).toBe('0.01');
    expect(linea(c, '03').Explicaciones[0]).toContain('Redondeo');
    expect(linea(c, '01').Explicaciones).toHaveLength(1);
  });
});
