import { describe, expect, it } from 'vitest';
import { usarBaseDePruebas } from '../../../test/testApp.ts';

/**
 * Ready to distribute by company (Citus): every company-owned table (one with empresa_id) has empresa_id first in
 * its primary key, its unique keys and its indexes, and its foreign keys to other company tables carry it too.
 */
const base = usarBaseDePruebas();

describe('schema rules', () => {
  it('puts empresa_id first in every key and index of company-owned tables', async () => {
    const indexes = await base().query<{ table: string; index: string; first: string }>(`
      select t.relname as "table", i.relname as "index", a.attname as "first"
      from pg_index x
      join pg_class t on t.oid = x.indrelid
      join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
      where n.nspname = 'public'
        and exists (select 1 from pg_attribute c where c.attrelid = t.oid and c.attname = 'empresa_id' and not c.attisdropped)
    `);
    expect(indexes.length).toBeGreaterThan(5);
    const wrong = indexes
      .filter((r) => r.first !== 'empresa_id')
      .map((r) => `${r.table}.${r.index} starts with ${r.first}`);
    // Lookups that start from something other than a company, each with its reason: sesiones belong to a person
    // (the company is only where the session points); the membership index by person is how sign-in finds a
    // person's companies; the e-invoice mailbox finds its company from the address's token (the mail listener,
    // outside any company request; not unique, so Citus keeps it per shard).
    const allowed = new Set([
      'sesiones.sesiones_refresh_uq',
      'sesiones.sesiones_familia_idx',
      'sesiones.sesiones_pkey',
      'miembros.miembros_persona_idx',
      'efactura_buzones.efactura_buzones_token_idx',
    ]);
    // Trigram GIN indexes for text search (named *_trgm, never unique) index the text alone: with empresa_id in
    // front (btree_gin) they measured 25x slower and the planner chose sequential scans. Citus only needs the
    // distribution column in unique keys; other indexes live per shard.
    const trigram = (w: string) => /^\w+\.\w+_trgm starts with \w+$/.test(w);
    expect(wrong.filter((w) => !allowed.has(w.split(' ')[0]!) && !trigram(w))).toEqual([]);
  });

  it('has no SQL sequence-based invoice numbering nor tables without a primary key', async () => {
    const noPk = await base().query<{ table: string }>(`
      select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and not exists (select 1 from pg_index x where x.indrelid = c.oid and x.indisprimary)
    `);
    expect(noPk).toEqual([]);
  });

  it('refuses to update or delete audit records and time-clock entries', async () => {
    await base().query(
      "insert into auditoria (empresa_id, fecha, accion, recurso, user_name) values (1, now(), 'A', 'prueba', 'demo')",
    );
    await expect(base().query("update auditoria set accion = 'D' where recurso = 'prueba'")).rejects.toThrow(
      'La tabla auditoria sólo admite altas',
    );
    await expect(base().query("delete from auditoria where recurso = 'prueba'")).rejects.toThrow(
      'La tabla auditoria sólo admite altas',
    );
    await base().query("insert into fichajes (empresa_id, persona_id, tipo, estado) values (1, 2, 'j', 'e')");
    await expect(base().query('delete from fichajes')).rejects.toThrow('La tabla fichajes sólo admite altas');
  });
});
