import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Identity has one door: `personas` (e-mail, names, user name, password, sign-in state) is written only by
 * `apps/server/src/platform/identity/`. A company screen that could write it would let one company change the
 * e-mail — the address password recovery mails — of a person who also belongs to another company or advises it.
 * This check fails on any other server file that updates, inserts into or deletes from `personas`, with Drizzle or
 * with raw SQL, or that imports the table under another name (which would hide such a write from it).
 */
const ROOT = join(import.meta.dirname, '..', 'apps', 'server', 'src');
const DOOR = 'platform/identity/';

const WRITES = [
  /\.\s*(update|insert|delete)\s*\(\s*(schema\.)?personas\s*\)/,
  /\b(update|insert\s+into|delete\s+from)\s+"?personas"?\b/i,
  /\bpersonas\s+as\s+\w+/,
];

function personaWrites(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return WRITES.flatMap((re) => {
    const m = new RegExp(re.source, `${re.flags}g`);
    return [...code.matchAll(m)].map((hit) => hit[0].replace(/\s+/g, ' '));
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('the identity door', () => {
  it('recognises the ways a file could write personas', () => {
    expect(personaWrites('await db.update(personas).set({ email })')).toHaveLength(1);
    expect(personaWrites('await tx\n  .insert(personas)\n  .values(v)')).toHaveLength(1);
    expect(personaWrites('db.delete( schema.personas )')).toHaveLength(1);
    expect(personaWrites('sql`UPDATE personas SET email = $1`')).toHaveLength(1);
    expect(personaWrites("db.execute('insert into personas (user_name) values ($1)')")).toHaveLength(1);
    expect(personaWrites("import { personas as p } from '../db/schema.ts';")).toHaveLength(1);
    expect(personaWrites('db.select().from(personas).where(eq(personas.id, 1))')).toEqual([]);
    expect(personaWrites('// db.update(personas) in a comment')).toEqual([]);
    expect(personaWrites('join personas p on p.id = m.persona_id')).toEqual([]);
  });

  it('no server file outside platform/identity/ writes personas', () => {
    const offenders = sources(ROOT)
      .map((file) => ({
        file: relative(ROOT, file).replaceAll('\\', '/'),
        hits: personaWrites(readFileSync(file, 'utf8')),
      }))
      .filter(({ file, hits }) => hits.length > 0 && !file.startsWith(DOOR))
      .map(({ file, hits }) => `${file}: ${hits.join(', ')}`);
    expect(offenders).toEqual([]);
  });

  it('the door itself is where the writes are (the check is not vacuous)', () => {
    const door = sources(join(ROOT, DOOR)).flatMap((f) => personaWrites(readFileSync(f, 'utf8')));
    expect(door.length).toBeGreaterThan(3);
  });
});
