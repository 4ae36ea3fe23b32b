import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { usarBaseDePruebas } from '../../../test/testApp.ts';
import { nombradorDeSentencias } from './sentenciasPreparadas.ts';

describe('naming repeated statements (server-side prepared statements)', () => {
  it('names a data statement the second time its text is seen, always with the same name', () => {
    const nombrar = nombradorDeSentencias();
    const q = 'select id from clientes where empresa_id = $1 and id = $2';
    expect(nombrar(q)).toBeUndefined();
    const nombre = nombrar(q);
    expect(nombre).toMatch(/^faro_[\w-]+$/);
    expect(nombrar(q)).toBe(nombre);
    expect(nombrar('select 2 where $1::int > 0')).toBeUndefined();
  });

  it('never names DDL or anything but select/insert/update/delete/with', () => {
    const nombrar = nombradorDeSentencias();
    for (const q of ['alter table x add column y int', 'create index i on x (y)', 'lock table x', 'set local a = $1']) {
      expect(nombrar(q)).toBeUndefined();
      expect(nombrar(q)).toBeUndefined();
    }
    expect(nombrar(' WITH a as (select $1) select * from a')).toBeUndefined();
    expect(nombrar(' WITH a as (select $1) select * from a')).toMatch(/^faro_/);
  });

  it('stops naming new texts at its cap (PostgreSQL keeps them per connection)', () => {
    const nombrar = nombradorDeSentencias(2);
    const named = ['a', 'b', 'c'].map((t) => {
      const q = `select '${t}' where $1::int > 0`;
      nombrar(q);
      return nombrar(q);
    });
    expect(named.filter(Boolean)).toHaveLength(2);
    expect(named[2]).toBeUndefined();
  });
});

const url = inject('databaseUrl');
// PGlite has no connection pool nor prepared statements of ours: this part needs the server-postgres project.
describe.runIf(url)('on a PostgreSQL pool', () => {
  const base = usarBaseDePruebas();

  it('a repeated statement runs prepared on its connection and still answers each call with its own values', async () => {
    const nombres = await base().db.transaction(async (tx) => {
      const vistos: number[] = [];
      for (const n of [1, 2, 3]) {
        const r = (await tx.execute(sql`select ${n}::int + 40 as n`)) as unknown as { rows: { n: number }[] };
        vistos.push(r.rows[0]!.n);
      }
      expect(vistos).toEqual([41, 42, 43]);
      const p = (await tx.execute(
        sql`select name, statement from pg_prepared_statements where name like 'faro_%'`,
      )) as unknown as { rows: { name: string; statement: string }[] };
      return p.rows;
    });
    expect(nombres.some((r) => r.statement.includes('::int + 40'))).toBe(true);
  });
});
