import { type Ajustes, type Periodo, periodoTributario, type ResultadoModelo, TRIMESTRES } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarBaseDePruebas } from '../../../../test/testApp.ts';
import { companyScope, type Scope } from '../../../platform/tenancy/scope.ts';
import { ANYO, generarLibros } from './libros.testkit.ts';
import { gruposRecibidas, gruposRecibidasDelAnyo, leerAgrupado, lineasEmitidas, lineasRecibidas } from './libros.ts';
import { con390 } from './resumenesAnuales.ts';
import { calcular303PorFilas, con303, trazaPaginada } from './servicio.ts';

/**
 * 303 and 390 read the books grouped in SQL (libros.ts): the boxes must be those of the row-by-row reading to the
 * cent. Property: over books generated at random (seeded; every field the classifier reads: rates known and unknown,
 * IGIC, exemptions, recargo, corrective and negative rows, intra-EU goods and services, reverse charge, imports,
 * investment goods, non-deductible parts, withholdings, supplier dates in other months, 347's thresholds), each
 * quarter's 303 (pro-rata 100 and 80) and the year's 390 grouped equal the row path box by box; the DEMO's own
 * books too.
 */
const base = usarBaseDePruebas();
const periodo303 = periodoTributario('303', ANYO, '4T') as Periodo;
const periodo390 = periodoTributario('390', ANYO, '0A') as Periodo;
let s: Scope;

/** What must be equal: every box, the kind of result, page 04's flags and the warnings on received invoices. */
function igual(agrupado: ResultadoModelo, filas: ResultadoModelo) {
  expect(agrupado.Casillas).toEqual(filas.Casillas);
  expect(agrupado.TipoDeclaracion).toEqual(filas.TipoDeclaracion);
  expect(agrupado.Anual).toEqual(filas.Anual);
  const fuera = (r: ResultadoModelo) =>
    r.Avisos.filter((a) => a.Codigo === 'fuera-periodo')
      .map((a) => a.Mensaje)
      .sort();
  expect(fuera(agrupado)).toEqual(fuera(filas));
  // Every box's trace adds up to the box (the groups' amounts), as the rows' does.
  for (const [k, lineas] of Object.entries(filas.Traza)) {
    const suma = (xs: { Importe: string }[] = []) => xs.reduce((t, x) => t + Math.round(Number(x.Importe) * 100), 0);
    expect(suma(agrupado.Traza[k]), `traza ${k}`).toBe(suma(lineas));
  }
}

describe('303 and 390 grouped in SQL equal the row-by-row reading', () => {
  let empresaId = 0;
  beforeAll(async () => {
    const [e] = await base().query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
    empresaId = Number(e!.id);
    s = companyScope(base().db, { empresaId, personaId: null, userName: 'prueba' });
    await generarLibros(base(), empresaId, 400);
  }, 120_000);

  it('generated books: every quarter of 303 at pro-rata 100 and 80, box by box', async () => {
    const filas = await lineasRecibidas(s, `${ANYO}-01-01`, `${ANYO}-12-31`);
    // The generated books hold what the property is about.
    expect(filas.length).toBeGreaterThan(400);
    expect(new Set(filas.map((l) => l.Operacion)).size).toBe(4);
    for (const q of TRIMESTRES)
      for (const Prorrata of [100, 80]) {
        const p = periodoTributario('303', ANYO, q) as Periodo;
        const a: Ajustes = { Prorrata, PendienteCompensar: '125.00', Casillas: { '77': '10.00' } };
        const agrupado = await con303(s, p, a).calcular();
        const porFilas = await calcular303PorFilas(s, p, a);
        igual(agrupado, porFilas);
        expect(Object.values(agrupado.Casillas).some((v) => Number(v) !== 0)).toBe(true);
      }
  }, 120_000);

  it('generated books: the 390 of the year (a quarter at pro-rata 80 too)', async () => {
    for (const prorrata1T of [100, 80]) {
      const c = await con390(s, ANYO, async (p) => (p.codigo === '1T' ? { Prorrata: prorrata1T } : {}));
      const agrupado = await c.calcular();
      const libros = {
        emitidas: await lineasEmitidas(s, `${ANYO}-01-01`, `${ANYO}-12-31`),
        recibidas: await lineasRecibidas(s, `${ANYO}-01-01`, `${ANYO}-12-31`),
      };
      igual(agrupado, c.deFilas(libros, libros));
      expect(Number(agrupado.Casillas['33'])).not.toBe(0);
    }
  }, 120_000);

  it("the 390's received groups from one reading of the year equal its two reads: same groups, keys and order", async () => {
    const [desde, hasta] = [`${ANYO}-01-01`, `${ANYO}-12-31`];
    for (const prorrata of [100, 80]) {
      const dos = await leerAgrupado(s, async (t) => ({
        periodo: await gruposRecibidas(t, desde, hasta, { prorrata }),
        anyo: await gruposRecibidas(t, desde, hasta, { porTercero: true, prorrata }),
      }));
      const una = await leerAgrupado(s, (t) => gruposRecibidasDelAnyo(t, desde, hasta, prorrata));
      expect(una).toEqual(dos);
      // Groups of several rows both ways, and parties in several groups: a real roll-up, not one row per group.
      if (prorrata === 100) expect(una.periodo.some((g) => (g.Filas ?? 0) > 1)).toBe(true);
      expect(una.anyo.some((g) => (g.Filas ?? 0) > 1)).toBe(true);
    }
  }, 120_000);

  it("the drill-down of a box reads its groups' rows: the last 303's page 04 and the 390, adding up to the box", async () => {
    const centimos = (v: string) => Math.round(Number(v) * 100);
    const casos: [typeof periodo303 | typeof periodo390, string][] = [
      [periodo303, '80'],
      [periodo303, '93'],
      [periodo303, '07'],
      [periodo390, '99'],
    ];
    for (const [p, casilla] of casos) {
      const modelo = p === periodo303 ? '303' : '390';
      const primera = await trazaPaginada(s, modelo, p, casilla, { limit: 1, offset: 0 });
      expect(primera.Total, `${modelo} ${casilla}`).toBeGreaterThan(1);
      const todas = await trazaPaginada(s, modelo, p, casilla, { limit: primera.Total, offset: 0 });
      const suma = todas.Lineas.reduce((t, l) => t + centimos(l.Importe), 0);
      expect(suma, `${modelo} ${casilla}`).toBe(centimos(primera.r.Casillas[casilla]!));
      expect(suma).not.toBe(0);
    }
  }, 120_000);

  it("the DEMO's own books: the 303 of each quarter of 2025 and its 390", async () => {
    for (const q of TRIMESTRES) {
      const p = periodoTributario('303', 2025, q) as Periodo;
      igual(await con303(s, p, {}).calcular(), await calcular303PorFilas(s, p, {}));
    }
    const c = await con390(s, 2025, async () => ({}));
    const libros = {
      emitidas: await lineasEmitidas(s, '2025-01-01', '2025-12-31'),
      recibidas: await lineasRecibidas(s, '2025-01-01', '2025-12-31'),
    };
    igual(await c.calcular(), c.deFilas(libros, libros));
  }, 120_000);
});
