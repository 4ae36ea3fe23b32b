import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asientoAmortizacion,
  asientoBaja,
  avisosCoeficiente,
  COEFICIENTES_OFICIALES,
  cuadroAmortizacion,
  cuadroAnual,
  cuentasDeGrupo,
  inmovilizadoSchema,
  resultadoBaja,
  subcuentaFija,
} from './amortizacion.ts';
import { cuadre } from './asientos.ts';

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const fechaArb = fc
  .record({
    y: fc.integer({ min: 2000, max: 2040 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const activoArb = fc
  .record({
    Coste: fc.integer({ min: 1, max: 500_000_000 }),
    residualPct: fc.integer({ min: 0, max: 99 }),
    FechaInicio: fechaArb,
    metodo: fc.constantFrom('coeficiente', 'vida'),
    Coeficiente: fc.integer({ min: 100, max: 10_000 }).map((c) => c / 100),
    VidaUtil: fc.integer({ min: 1, max: 10_000 }).map((v) => v / 100),
  })
  .map(({ residualPct, metodo, Coeficiente, VidaUtil, ...a }) => ({
    ...a,
    ValorResidual: Math.floor((a.Coste * residualPct) / 100),
    Coeficiente: metodo === 'coeficiente' ? Coeficiente : null,
    VidaUtil: metodo === 'vida' ? VidaUtil : null,
  }));

describe('depreciation schedule (properties)', () => {
  it('depreciates exactly cost − residual, never below the residual value, the same quota but in the last month', () => {
    fc.assert(
      fc.property(activoArb, (a) => {
        const c = cuadroAmortizacion(a);
        const base = a.Coste - a.ValorResidual;
        if (base === 0) return c.length === 0;
        expect(sum(c.map((p) => p.Cuota))).toBe(base);
        expect(c.at(-1)!.Acumulada).toBe(base);
        const malos = c.filter(
          (p) =>
            p.Cuota < 0 ||
            !Number.isInteger(p.Cuota) ||
            p.ValorNeto < a.ValorResidual ||
            p.ValorNeto !== a.Coste - p.Acumulada,
        );
        expect(malos).toEqual([]);
        expect(new Set(c.slice(0, -1).map((p) => p.Cuota)).size).toBeLessThanOrEqual(1);
        const meses = a.VidaUtil ? a.VidaUtil * 12 : 1200 / a.Coeficiente!;
        expect(c).toHaveLength(Math.max(1, Math.ceil(meses - 1e-9)));
        // The first period is the start-up month (monthly pro-rata), then one month after another.
        expect(c[0]!.Periodo).toBe(a.FechaInicio.slice(0, 7));
        expect(c.every((p, i) => i === 0 || p.Periodo > c[i - 1]!.Periodo)).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('a baja keeps the months before its own, the schedule’s first months unchanged', () => {
    fc.assert(
      fc.property(activoArb, fc.integer({ min: 0, max: 200 }), (a, corte) => {
        const todo = cuadroAmortizacion(a);
        const fin = todo[Math.min(corte, todo.length - 1)];
        if (!fin) return true;
        const baja = cuadroAmortizacion({ ...a, FechaBaja: fin.Fecha });
        expect(baja).toEqual(todo.slice(0, todo.indexOf(fin)));
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('the yearly schedule sums its months', () => {
    fc.assert(
      fc.property(activoArb, (a) => {
        const c = cuadroAmortizacion(a);
        const anual = cuadroAnual(c);
        expect(sum(anual.map((x) => x.Cuota))).toBe(sum(c.map((p) => p.Cuota)));
        const porAnyo = new Map<number, number>();
        for (const p of c)
          porAnyo.set(Number(p.Periodo.slice(0, 4)), (porAnyo.get(Number(p.Periodo.slice(0, 4))) ?? 0) + p.Cuota);
        expect(anual.map((y) => [y.Ejercicio, y.Cuota])).toEqual([...porAnyo]);
        return true;
      }),
      { numRuns: 150 },
    );
  });

  it('every depreciation and baja entry balances, with the gain on 771 or the loss on 671', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        fc.constantFrom(...COEFICIENTES_OFICIALES.map((c) => c.Codigo)),
        fc.integer({ min: 4, max: 12 }),
        (coste, pct, precio, grupo, digitos) => {
          const acumulada = Math.floor((coste * pct) / 100);
          const cuentas = { ...cuentasDeGrupo(grupo, digitos), Codigo: 'A1', Coste: coste };
          const b = asientoBaja(cuentas, {
            Fecha: '2026-05-10',
            Precio: precio,
            Acumulada: acumulada,
            CuentaCobro: subcuentaFija('543', digitos),
            Digitos: digitos,
          });
          expect(cuadre(b).Cuadra).toBe(true);
          const r = resultadoBaja(coste, acumulada, precio).Resultado;
          const en = (prefijo: string) => b.Apuntes.filter((l) => l.Subcuenta.startsWith(prefijo));
          expect(en('771')).toHaveLength(r > 0 ? 1 : 0);
          expect(en('671')).toHaveLength(r < 0 ? 1 : 0);
          const m = asientoAmortizacion(cuentas, { Periodo: '2026-01', Fecha: '2026-01-31', Cuota: acumulada });
          expect(cuadre(m).Cuadra).toBe(true);
          for (const l of [...b.Apuntes, ...m.Apuntes]) expect(l.Subcuenta).toHaveLength(digitos);
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('depreciation schedule (examples to the cent)', () => {
  /** A computer of 1.200 € at 25 % from 15 January 2026. */
  const A25 = { Coste: 120_000, ValorResidual: 0, FechaInicio: '2026-01-15', Coeficiente: 25 };

  it('a computer of 1.200 € at 25 % from 15 January: 48 months of 25,00 €, the first in January', () => {
    const c = cuadroAmortizacion(A25);
    expect(c).toHaveLength(48);
    expect(c[0]).toEqual({ Periodo: '2026-01', Fecha: '2026-01-31', Cuota: 2500, Acumulada: 2500, ValorNeto: 117_500 });
    expect(c[1]!.Fecha).toBe('2026-02-28');
    expect(c.at(-1)).toMatchObject({ Periodo: '2029-12', Cuota: 2500, ValorNeto: 0 });
    expect(cuadroAnual(c).map((y) => y.Cuota)).toEqual([30_000, 30_000, 30_000, 30_000]);
  });

  it('33 % on 1.000 €: 36 months of 27,50 € and a last one of 10,00 €', () => {
    const c = cuadroAmortizacion({ Coste: 100_000, ValorResidual: 0, FechaInicio: '2026-03-01', Coeficiente: 33 });
    expect(c).toHaveLength(37);
    expect(c[0]!.Cuota).toBe(2750);
    expect(c.at(-1)!.Cuota).toBe(1000);
  });

  it('a useful life of 3 years on 1.000,10 €: the rounding remainder goes to the last month', () => {
    const c = cuadroAmortizacion({ Coste: 100_010, ValorResidual: 0, FechaInicio: '2026-01-01', VidaUtil: 3 });
    expect(c).toHaveLength(36);
    expect(c[0]!.Cuota).toBe(2778);
    expect(c.at(-1)!.Cuota).toBe(100_010 - 35 * 2778);
  });

  it('a van of 30.000 € with 6.000 € residual at 16 %: never below 6.000 €; mid-year start pro-rated by months', () => {
    const c = cuadroAmortizacion({
      Coste: 3_000_000,
      ValorResidual: 600_000,
      FechaInicio: '2026-07-20',
      Coeficiente: 16,
    });
    expect(c.at(-1)!.ValorNeto).toBe(600_000);
    expect(cuadroAnual(c)[0]).toMatchObject({ Ejercicio: 2026, Cuota: 6 * 32_000 });
  });

  it('a baja in May keeps January to April', () => {
    const c = cuadroAmortizacion({ ...A25, FechaBaja: '2026-05-10' });
    expect(c.map((p) => p.Periodo)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
  });

  it('the baja of a computer sold for 700 € with 500 € depreciated: D 281 500, D 543 700 / H 217 1.200', () => {
    const cuentas = { ...cuentasDeGrupo('equipos-informaticos', 7), Codigo: 'PC1', Coste: 120_000 };
    expect(cuentas).toMatchObject({ CuentaActivo: '2170000', CuentaAmortizacion: '2817000', CuentaGasto: '6810000' });
    // The same baja sold for 700 € (owed on 543) and given away (the 700 € lost go to 671).
    const apuntesDeBaja = (Precio: number) =>
      asientoBaja(cuentas, {
        Fecha: '2026-05-10',
        Precio,
        Acumulada: 50_000,
        CuentaCobro: '5430000',
        Digitos: 7,
      }).Apuntes.map((l) => [l.Subcuenta, l.Debe, l.Haber]);
    expect(apuntesDeBaja(70_000)).toEqual([
      ['2817000', '500.00', '0.00'],
      ['5430000', '700.00', '0.00'],
      ['2170000', '0.00', '1200.00'],
    ]);
    expect(apuntesDeBaja(0)).toEqual([
      ['2817000', '500.00', '0.00'],
      ['6710000', '700.00', '0.00'],
      ['2170000', '0.00', '1200.00'],
    ]);
    const software = cuentasDeGrupo('software', 8);
    expect(software).toEqual({ CuentaActivo: '20600000', CuentaAmortizacion: '28060000', CuentaGasto: '68000000' });
  });
});

describe('official table (RD 634/2015) and the form', () => {
  it('carries the common groups’ maximum coefficients and periods', () => {
    const t = new Map(COEFICIENTES_OFICIALES.map((c) => [c.Codigo, [c.CoeficienteMaximo, c.PeriodoMaximo]]));
    expect(t.get('edificios-industriales')).toEqual([3, 68]);
    expect(t.get('mobiliario')).toEqual([10, 20]);
    expect(t.get('equipos-informaticos')).toEqual([25, 8]);
    expect(t.get('transporte-externo')).toEqual([16, 14]);
    expect(t.get('maquinaria')).toEqual([12, 18]);
    expect(t.get('utiles-herramientas')).toEqual([25, 8]);
    expect(t.get('software')).toEqual([33, 6]);
  });

  it('warns when the coefficient exceeds the maximum or stretches beyond the maximum period', () => {
    expect(avisosCoeficiente('equipos-informaticos', 25)).toEqual([]);
    expect(avisosCoeficiente('equipos-informaticos', 30)[0]).toMatch(/supera el máximo oficial del 25 %/);
    expect(avisosCoeficiente('equipos-informaticos', 10)[0]).toMatch(/periodo máximo de 8 años/);
    expect(avisosCoeficiente('transporte-externo', 100 / 7)).toEqual([]);
  });

  it('answers every mistake of the form in Spanish, on its field', () => {
    const r = inmovilizadoSchema.safeParse({
      Codigo: '',
      Grupo: 'x',
      FechaInicio: '2026-02-30',
      Coste: '1,234',
      ValorResidual: '99999',
    });
    expect(r.success).toBe(false);
    const errores = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(errores).toMatchObject({
      Codigo: 'Código es obligatorio',
      Descripcion: 'Descripción es obligatorio',
      Grupo: 'Grupo es obligatorio',
      FechaInicio: 'El formato es incorrecto',
      Coste: 'El formato es incorrecto',
    });
    const ok = inmovilizadoSchema.parse({
      Codigo: 'PC1',
      Descripcion: 'Ordenador',
      Grupo: 'equipos-informaticos',
      FechaInicio: '2026-01-15',
      Coste: '1200,5',
      Coeficiente: '25',
    });
    expect(ok).toMatchObject({ Coste: 120_050, ValorResidual: 0, Coeficiente: 25, VidaUtil: null });
    const residual = inmovilizadoSchema.safeParse({ ...ok, Coste: '100', ValorResidual: '100' });
    expect(residual.error!.issues[0]!.message).toBe('El valor residual debe ser menor que el coste');
    const sinMetodo = inmovilizadoSchema.safeParse({ ...ok, Coste: '100', Coeficiente: '' });
    expect(sinMetodo.error!.issues[0]).toMatchObject({
      path: ['Coeficiente'],
      message: 'Indica el coeficiente anual o la vida útil',
    });
  });
});
