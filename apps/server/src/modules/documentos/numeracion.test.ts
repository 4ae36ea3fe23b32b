import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { idEmpresa } from '../../../test/datosDemo.ts';
import { AppError } from '../../platform/http/errors.ts';
import { companyScope, type Scope } from '../../platform/tenancy/scope.ts';
import { enTransaccion } from '../../platform/tenancy/transaccion.testkit.ts';
import { tomarNumero } from './numeracion.ts';

/**
 * Gapless numbering under concurrency: 16 issuers at once over three series, 10 % of them rolling back AFTER taking
 * their number. The committed numbers of each (series, year) must be exactly 1..N — no gap, no duplicate — and
 * follow the dates. Runs on PGlite and on PostgreSQL (real parallel transactions on a pool).
 */
let empresaId: number;
let series: number[] = [];
/** The company's door (DEMO), as the services get it. */
const scope = (): Scope => companyScope(t.database.db, { empresaId, personaId: null, userName: 'prueba' });

const t = appDePruebas();
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  const demo = await t.as('demo', 'DEMO');
  series = [];
  for (const [Codigo, Prefijo, ReinicioAnual] of [
    ['CT1', 'A-', true],
    ['CT2', 'B-', true],
    ['CT3', 'C-', false],
  ] as const) {
    const res = await demo.request('POST', '/api/configuracion/series/save', {
      Codigo,
      Descripcion: `Serie de prueba ${Codigo}`,
      TipoDocumento: 'factura',
      Prefijo,
      ReinicioAnual,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    series.push(res.body.Id);
  }
  await t.database.query(
    'create table numeros_prueba (empresa_id bigint, serie_id bigint, anyo int, numero int, fecha date, unique (empresa_id, serie_id, anyo, numero))',
  );
});

const issue = (serieId: number, fecha: string, rollback: boolean) =>
  enTransaccion(scope(), rollback, async (tx) => {
    // Work of the issue before the number (totals, lines…), then the number as the last step.
    const n = await tomarNumero(tx, serieId, fecha);
    await tx.execute(
      (e) => sql`insert into numeros_prueba values (${e}, ${serieId}, ${n.Anyo}, ${n.Numero}, ${fecha})`,
    );
    return n.Numero;
  });

describe('gapless invoice numbering', () => {
  it('commits 1..N per series and year with 16 concurrent issuers and 10 % rollbacks', async () => {
    const jobs: Promise<number | null>[] = [];
    let k = 0;
    for (let round = 0; round < 10; round++) {
      const batch: Promise<number | null>[] = [];
      for (let i = 0; i < 16; i++, k++) batch.push(issue(series[k % 3]!, '2026-03-01', k % 10 === 7));
      jobs.push(...batch);
      await Promise.all(batch);
    }
    const results = await Promise.all(jobs);
    expect(results.filter((r) => r === null)).toHaveLength(16);
    const rows = await t.database.query<{ serie_id: number; anyo: number; numeros: number[] }>(
      'select serie_id, anyo, array_agg(numero order by numero) as numeros from numeros_prueba group by serie_id, anyo',
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const n = row.numeros.length;
      expect(row.numeros.map(Number)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    }
    expect(rows.reduce((a, r) => a + r.numeros.length, 0)).toBe(160 - 16);
  });

  it('restarts yearly series in a new year but not the others, with the prefix', async () => {
    const a = await scope().tx((tx) => tomarNumero(tx, series[0]!, '2027-01-02'));
    const c = await scope().tx((tx) => tomarNumero(tx, series[2]!, '2027-01-02'));
    expect(a).toEqual({ Numero: 1, NumSerie: 'A-0001', Anyo: 2027 });
    expect(c.Anyo).toBe(0);
    expect(c.Numero).toBeGreaterThan(40);
  });

  it('refuses a date earlier than the last number’s, and gives nothing away', async () => {
    const before = await scope().tx((tx) => tomarNumero(tx, series[1]!, '2026-05-10'));
    await expect(scope().tx((tx) => tomarNumero(tx, series[1]!, '2026-05-09'))).rejects.toThrow(
      new AppError(
        400,
        'La fecha es anterior a la del último número de la serie (10/05/2026): la numeración debe seguir el orden de las fechas',
      ),
    );
    const after = await scope().tx((tx) => tomarNumero(tx, series[1]!, '2026-05-10'));
    expect(after.Numero).toBe(before.Numero + 1);
  });

  it('answers 404 for a series of another company', async () => {
    const [other] = await t.database.query<{ id: number }>(
      "select s.id from series s join empresas e on e.id = s.empresa_id where e.codigo = 'ACADEMIA' limit 1",
    );
    expect(other).toBeTruthy();
    await expect(scope().tx((tx) => tomarNumero(tx, Number(other!.id), '2026-05-10'))).rejects.toMatchObject({
      status: 404,
    });
  });
});
