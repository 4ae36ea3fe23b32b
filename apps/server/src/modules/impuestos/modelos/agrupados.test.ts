import { type ModeloTributario, type Periodo, periodoTributario, type ResultadoModelo } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarBaseDePruebas } from '../../../../test/testApp.ts';
import { companyScope, type Scope } from '../../../platform/tenancy/scope.ts';
import { librosAgrupados, librosPorFilas, type ModeloAgrupado } from './agrupados.ts';
import { ANYO, generarLibros } from './libros.testkit.ts';
import { calcular, trazaPaginada } from './servicio.ts';

/**
 * 130, 111, 115, 347, 349, 190 and 180 read the books grouped in SQL (agrupados.ts): each must give what the
 * row-by-row reading gives — every box, the declared records (347, 349, 190, 180) in their order, the warnings in
 * their order, the kind of result and every box's trace adding up to the same amount — over generated books (the
 * seeded ones of 303's property, libros.testkit.ts) and over the DEMO's own books.
 */
const base = usarBaseDePruebas();
let s: Scope;

const PERIODOS: [ModeloAgrupado, string[]][] = [
  ['130', ['1T', '2T', '3T', '4T']],
  ['111', ['1T', '2T', '3T', '4T']],
  ['115', ['1T', '2T', '3T', '4T']],
  ['349', ['1T', '2T', '3T', '4T', '05']],
  ['347', ['0A']],
  ['190', ['0A']],
  ['180', ['0A']],
];

const centimos = (v: string) => Math.round(Number(v) * 100);
const sumaTraza = (r: ResultadoModelo) =>
  Object.fromEntries(
    Object.entries(r.Traza).map(([k, xs]) => [k, xs.reduce((t, x) => t + centimos(x.Importe), 0)] as const),
  );

function igual(agrupado: ResultadoModelo, filas: ResultadoModelo) {
  expect(agrupado.Casillas).toEqual(filas.Casillas);
  expect(agrupado.Declarados ?? []).toEqual(filas.Declarados ?? []);
  expect(agrupado.Avisos).toEqual(filas.Avisos);
  expect(agrupado.TipoDeclaracion).toEqual(filas.TipoDeclaracion);
  expect(agrupado.Formulas).toEqual(filas.Formulas);
  // A box's trace lists groups: it adds up to what the rows add.
  const conImporte = (x: Record<string, number>) => Object.fromEntries(Object.entries(x).filter(([, v]) => v !== 0));
  expect(conImporte(sumaTraza(agrupado))).toEqual(conImporte(sumaTraza(filas)));
}

/** Every model of the year both ways; what the two readings hold, summed over the models. */
async function compararAnyo(anyo: number) {
  const visto = { declarados: 0, avisos: new Set<string>(), filas: 0, grupos: 0 };
  for (const [modelo, periodos] of PERIODOS)
    for (const codigo of periodos) {
      const p = periodoTributario(modelo as ModeloTributario, anyo, codigo) as Periodo;
      const agrupado = await calcular(s, modelo, p);
      const filas = await calcular(s, modelo, p, undefined, undefined, 'filas');
      igual(agrupado, filas);
      visto.declarados += (filas.Declarados ?? []).length;
      for (const a of filas.Avisos) visto.avisos.add(`${modelo} ${a.Codigo}`);
      const [g, f] = [await librosAgrupados(s, modelo, p), await librosPorFilas(s, modelo, p)];
      visto.grupos += g.emitidas.length + g.recibidas.length;
      visto.filas += f.emitidas.length + f.recibidas.length;
    }
  return visto;
}

describe('the models other than 303 / 390 grouped in SQL equal the row-by-row reading', () => {
  beforeAll(async () => {
    const [e] = await base().query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
    const empresaId = Number(e!.id);
    s = companyScope(base().db, { empresaId, personaId: null, userName: 'prueba' });
    await generarLibros(base(), empresaId, 400);
  }, 120_000);

  it('generated books: every period of 130, 111, 115, 349 and the year of 347, 190 and 180', async () => {
    const visto = await compararAnyo(ANYO);
    // The books hold what the property is about: records, the warnings that name invoices, and fewer groups.
    expect(visto.declarados).toBeGreaterThan(20);
    for (const aviso of ['347 sin-nif', '349 nif-iva', '349 fuera-periodo', '111 fuera-periodo', '190 sin-nif'])
      expect(visto.avisos).toContain(aviso);
    expect(visto.grupos).toBeLessThan(visto.filas / 2);
  }, 240_000);

  it("the DEMO's own books of 2025", async () => {
    const visto = await compararAnyo(2025);
    expect(visto.declarados).toBeGreaterThan(0);
  }, 240_000);

  it('the drill-down of a box lists its invoices a page at a time, adding up to the box', async () => {
    const p = periodoTributario('347', ANYO, '0A') as Periodo;
    const primera = await trazaPaginada(s, '347', p, '02', { limit: 50, offset: 0 });
    expect(primera.Lineas.length).toBe(50);
    expect(primera.Lineas.every((l) => l.Id > 0 && l.Grupo === undefined)).toBe(true);
    const todas = await trazaPaginada(s, '347', p, '02', { limit: primera.Total, offset: 0 });
    expect(todas.Lineas.reduce((t, l) => t + centimos(l.Importe), 0)).toBe(centimos(primera.r.Casillas['02']!));
  }, 120_000);
});
