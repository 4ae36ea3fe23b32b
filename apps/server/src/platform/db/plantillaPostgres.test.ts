import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { crearPlantillaPostgres } from '../../seed/plantillaDatos.ts';
import { MIGRATIONS_FOLDER, openDatabase } from './database.ts';
import { migracionesAlDia } from './migrationCheck.ts';
import { carpetaTemporalPostgres, sinPostgresIntegrado } from './postgresIntegrado.testkit.ts';
import { unprivilegedUser } from './postgresProcess.ts';
import {
  arrancarPostmasterPronto,
  COPIA_PRONTA,
  copiarPlantillaPronto,
  postmasterProntoDe,
} from './postmasterPronto.ts';

/**
 * a new embedded-PostgreSQL folder starts as a copy of the migrated template `npm start` builds (no
 * initdb, no migrations), with its own port and password (the template's is refused once the copy has started),
 * owned by the user PostgreSQL runs as; a restart spawns the postmaster early (inicio.ts) and the open takes it.
 */
const base = carpetaTemporalPostgres('faro-plantilla-pg-');
const sinPostgres = sinPostgresIntegrado(base);
afterAll(() => rmSync(base, { recursive: true, force: true }));

const leer = (f: string) => JSON.parse(readFileSync(f, 'utf8'));

async function entra(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe.skipIf(Boolean(sinPostgres))('embedded PostgreSQL template', () => {
  it('a new folder copies the migrated template with its own port and password, and a restart takes the early postmaster', async () => {
    const plantilla = path.join(base, 'plantilla');
    await crearPlantillaPostgres(plantilla);
    const tpl = leer(path.join(plantilla, 'faro-postgres.json'));
    expect(tpl.initdbDone).toBe(true);
    expect(tpl.binaries).toBeTruthy();

    const dataDir = path.join(base, 'data');
    const mensajes: string[] = [];
    process.env.FARO_PLANTILLA_POSTGRES = plantilla;
    try {
      const primera = await openDatabase({ dataDir, newFolder: 'auto', say: (m) => mensajes.push(m) });
      try {
        expect(primera.kind).toBe('postgres');
        expect(mensajes.join('\n')).toMatch(/copiada de la plantilla/);
        expect(mensajes.join('\n')).not.toMatch(/Creando la base de datos/);
        expect(await migracionesAlDia(primera, MIGRATIONS_FOLDER)).toBe(true);
        const ajustes = leer(path.join(dataDir, 'faro-postgres.json'));
        expect(ajustes.templatePassword).toBeUndefined();
        expect(ajustes.password).not.toBe(tpl.password);
        const url = (password: string) =>
          `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${ajustes.port}/faro`;
        expect(await entra(url(tpl.password))).toBe(false);
        expect(await entra(url(ajustes.password))).toBe(true);
        const pgdata = path.join(dataDir, 'pg');
        expect(statSync(pgdata).mode & 0o777).toBe(0o700);
        const runAs = unprivilegedUser();
        if (runAs.uid !== undefined) {
          for (const f of [pgdata, path.join(pgdata, 'PG_VERSION'), path.join(pgdata, 'global', 'pg_control')]) {
            expect(statSync(f).uid).toBe(runAs.uid);
          }
        }
        await primera.query('create table prueba_plantilla (x int)');
        await primera.query('insert into prueba_plantilla values (1)');
      } finally {
        await primera.close();
      }

      // A restart: the postmaster is spawned before the modules would load, the open takes that child.
      arrancarPostmasterPronto({ DATA_DIR: dataDir });
      expect(postmasterProntoDe(path.join(dataDir, 'pg'))).toBeDefined();
      const otra = await openDatabase({ dataDir, newFolder: 'auto', say: () => {} });
      try {
        expect(postmasterProntoDe(path.join(dataDir, 'pg'))).toBeUndefined();
        expect(otra.embedded?.adopted).toBe(false);
        expect((await otra.query<{ n: number }>('select count(*)::int as n from prueba_plantilla'))[0]!.n).toBe(1);
      } finally {
        await otra.close();
      }
      // The template itself is untouched: a second folder starts from the same empty schema, here from the copy
      // inicio.ts starts before the modules load (renamed into place, nothing left beside pg/).
      copiarPlantillaPronto(plantilla, { DATA_DIR: path.join(base, 'data2') });
      const dichos: string[] = [];
      const segunda = await openDatabase({
        dataDir: path.join(base, 'data2'),
        newFolder: 'auto',
        say: (m) => dichos.push(m),
      });
      expect(dichos.join('\n')).toMatch(/copiada de la plantilla .*\(mientras cargaba la aplicación\)/);
      expect(existsSync(path.join(base, 'data2', COPIA_PRONTA))).toBe(false);
      try {
        const [fila] = await segunda.query<{ t: string | null }>("select to_regclass('prueba_plantilla')::text as t");
        expect(fila!.t).toBeNull();
        expect(leer(path.join(base, 'data2', 'faro-postgres.json')).port).not.toBe(
          leer(path.join(dataDir, 'faro-postgres.json')).port,
        );
      } finally {
        await segunda.close();
      }
    } finally {
      delete process.env.FARO_PLANTILLA_POSTGRES;
    }
  }, 120_000);
});
