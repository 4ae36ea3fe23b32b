import pg from 'pg';
import { type Database, migrateDatabase, openDatabase } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embeddedPostgres.ts';

/**
 * Moves a PGlite database (a `.pglite.tar.gz` copy opened in memory) into the embedded PostgreSQL of a NEW data
 * folder: `npm run restore` with FARO_MOTOR=postgres (ADR 0003: how an existing PGlite installation becomes
 * durable). Both sides are brought to the current migrations, then every table's rows are copied in one
 * transaction with triggers and foreign-key checks off (session_replication_role = replica: the rows were valid in
 * the source, and the VeriFactu chain's triggers must not see them as new records), and the sequences follow.
 */
export async function pasarPgliteAPostgres(
  origen: Database,
  dataDir: string,
  say: (m: string) => void,
): Promise<{ tablas: number; filas: number }> {
  await migrateDatabase(origen);
  const server = await startEmbeddedPostgres(dataDir, say, { vigilar: false }); // started for the move only
  try {
    const destino = await openDatabase({ databaseUrl: server.url });
    try {
      await migrateDatabase(destino);
    } finally {
      await destino.close();
    }
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return await copiarFilas(origen, client);
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

async function copiarFilas(origen: Database, client: pg.Client): Promise<{ tablas: number; filas: number }> {
  const tablas = (
    await origen.query<{ nombre: string }>(
      `select c.relname as nombre from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    )
  ).map((t) => t.nombre);
  const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
  let filas = 0;
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    if (tablas.length) await client.query(`truncate ${tablas.map((t) => `public.${ident(t)}`).join(', ')}`);
    for (const tabla of tablas) {
      // The destination's insertable columns that the source also has (generated columns are computed again).
      const { rows: destinoCols } = await client.query<{ c: string }>(
        `select attname as c from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped
           and attgenerated = '' order by attnum`,
        [`public.${ident(tabla)}`],
      );
      const origenCols = new Set(
        (
          await origen.query<{ c: string }>(
            `select attname as c from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped`,
            [`public.${ident(tabla)}`],
          )
        ).map((r) => r.c),
      );
      const cols = destinoCols.map((r) => r.c).filter((c) => origenCols.has(c));
      if (!cols.length) continue;
      const lista = cols.map(ident).join(', ');
      const lotes = await origen.query<{ j: string }>(
        `select row_to_json(t)::text as j from (select ${lista} from public.${ident(tabla)}) t`,
      );
      for (let i = 0; i < lotes.length; i += 500) {
        const lote = `[${lotes
          .slice(i, i + 500)
          .map((r) => r.j)
          .join(',')}]`;
        await client.query(
          `insert into public.${ident(tabla)} (${lista}) overriding system value
             select ${lista} from json_populate_recordset(null::public.${ident(tabla)}, $1::json)`,
          [lote],
        );
      }
      filas += lotes.length;
    }
    const secuencias = await origen.query<{ s: string; n: string; v: string }>(
      `select schemaname as s, sequencename as n, last_value::text as v from pg_sequences
        where schemaname = 'public' and last_value is not null`,
    );
    for (const q of secuencias) {
      await client.query('select setval($1::regclass, $2::bigint)', [`${ident(q.s)}.${ident(q.n)}`, q.v]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
  return { tablas: tablas.length, filas };
}
