import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEMILLA } from '../../test/templateSetup.ts';
import { openTestDatabase } from '../../test/testApp.ts';
import { type Database, migrateDatabase, openDatabase } from '../platform/db/database.ts';
import { prepararDemo } from './semillaArranque.ts';

/** Row count of every table but `ajustes` (the seed's markers live there). */
async function recuentos(database: Database): Promise<Record<string, number>> {
  const tablas = await database.query<{ t: string }>(
    `select table_name as t from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'ajustes' order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { t } of tablas) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from "${t}"`);
    out[t] = Number(row!.n);
  }
  return out;
}

const documentos = (database: Database) =>
  database.query(`select empresa_id::int, id::int, tipo, num_serie, numero, fecha::text, estado, estado_cobro, id_cliente::int, total::text
       from documentos_venta order by empresa_id, id`);

/**
 * The start's seed (core before listening, the rest after, in slices) writes the same demo as seedDemo in one go,
 * which made the tests' template with the same day: the same rows in every table, the same sales documents.
 */
describe('DEMO seeded in two times by the start', () => {
  let reference: { database: Database; drop: () => Promise<void> };
  let start: Database;
  beforeAll(async () => {
    reference = await openTestDatabase();
    start = await openDatabase({ memory: true });
    await migrateDatabase(start);
  }, 120_000);
  afterAll(async () => {
    await start?.close();
    await reference?.drop();
  });

  it('core first (users can sign in), then the rest: the same demo as seedDemo, and a second start seeds nothing', async () => {
    const pasos: number[] = [];
    const primera = await prepararDemo(start.db, { ...DEMO_SEMILLA, progreso: (n) => pasos.push(n) });
    expect(primera.nucleoCreado).toBe(true);
    expect(pasos).toEqual([1, 2, 3]);
    const [demo] = await start.query<{ n: number }>(`select count(*)::int as n from personas where user_name = 'demo'`);
    expect(demo!.n).toBe(1);
    const [ventas] = await start.query<{ n: number }>('select count(*)::int as n from documentos_venta');
    expect(ventas!.n).toBe(0);

    await primera.resto!();
    expect(pasos).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await recuentos(start)).toEqual(await recuentos(reference.database));
    expect(await documentos(start)).toEqual(await documentos(reference.database));
    const miembros = (d: Database) =>
      d.query(
        `select m.id::int, m.empresa_id::int, p.user_name, m.roles::text, m.id_perfil::int, m.codigo_empleado, m.propietario
           from miembros m join personas p on p.id = m.persona_id order by m.id`,
      );
    expect(await miembros(start)).toEqual(await miembros(reference.database));
    expect((await miembros(start)).filter((m) => m.id_perfil !== null).length).toBeGreaterThan(0);
    const marcas = await start.query<{ clave: string }>(`select clave from ajustes where clave like 'demo%'`);
    expect(marcas.map((m) => m.clave)).toEqual(['demo_sembrada']);

    const segunda = await prepararDemo(start.db, DEMO_SEMILLA);
    expect(segunda).toEqual({ nucleoCreado: false });
  }, 600_000);
});
