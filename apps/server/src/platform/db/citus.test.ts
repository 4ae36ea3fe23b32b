import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import type { RegisteredRoute } from '../http/routeRegistry.ts';
import { COORDINATOR_TABLES, REFERENCE_TABLES } from './citus.ts';

/**
 * Ready for Citus (docs/citus.md): every table is placed (distributed by empresa_id, reference, or kept on the
 * coordinator), and walking every company route of the API as the owners of three companies, each SQL statement
 * that touches a distributed table names its company (`empresa_id = …`, `empresa_id in (…)`, an insert that writes
 * empresa_id, or `empresas.id = …`), so Citus can route it to one shard. Statements are read from the pg driver
 * itself (every query of every pooled connection), so this walk runs on PostgreSQL; the placement check runs on both.
 */
const ENGINE = process.env.FARO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let t: TestApp;
let distributed = new Set<string>();
let allTables: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.query<{ table: string; company: boolean }>(`
    select c.relname as "table",
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'empresa_id' and not a.attisdropped) as company
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like '__drizzle%'`);
  allTables = rows.map((r) => r.table).sort();
  distributed = new Set(rows.filter((r) => r.company && !REFERENCE_TABLES.has(r.table)).map((r) => r.table));
  distributed.add('empresas'); // by its id, colocated with every empresa_id
});
afterAll(() => t?.close());

it('places every table: distributed by empresa_id, a reference table or a coordinator table', () => {
  const placed = (table: string) =>
    distributed.has(table) || REFERENCE_TABLES.has(table) || COORDINATOR_TABLES.has(table);
  expect(allTables.filter((table) => !placed(table))).toEqual([]);
  for (const table of [...REFERENCE_TABLES, ...COORDINATOR_TABLES]) expect(allTables, table).toContain(table);
  expect(distributed.size).toBeGreaterThan(100);
});

/** Foreign keys Citus would refuse, dropped by the move (docs/citus.md step 4); the application checks them. */
export const FOREIGN_KEYS_DROPPED = new Set([
  'sesiones_empresa_id_empresas_id_fk', // a reference table cannot point into a distributed one
  'asesoria_clientes_cliente_empresa_id_empresas_id_fk', // an advisory firm's client is another company (shard)
  'asesoria_solicitudes_id_solicitante_empresas_id_fk',
  'suscripciones_facturas_id_emisora_empresas_id_fk', // the platform company that bills the fee
]);

it('has no foreign key Citus would refuse, beyond the ones the move drops', async () => {
  const fks = await t.database.query<{ name: string; from: string; to: string; cols: string[]; refs: string[] }>(`
    select c.conname as name, s.relname as "from", d.relname as "to",
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refs
    from pg_constraint c join pg_class s on s.oid = c.conrelid join pg_class d on d.oid = c.confrelid
    where c.contype = 'f'`);
  const key = (table: string) => (table === 'empresas' ? 'id' : 'empresa_id');
  const refused = fks.filter((fk) => {
    const from = distributed.has(fk.from);
    const to = distributed.has(fk.to);
    if (!from && to) return true; // reference or coordinator table → distributed
    if (from && COORDINATOR_TABLES.has(fk.to)) return true;
    if (!from || !to) return false;
    const i = fk.cols.indexOf(key(fk.from));
    return i < 0 || fk.refs[i] !== key(fk.to);
  });
  expect(refused.map((fk) => fk.name).filter((name) => !FOREIGN_KEYS_DROPPED.has(name))).toEqual([]);
  expect(fks.length).toBeGreaterThan(100);
});

/** The distributed tables a statement reads or writes (FROM, JOIN, UPDATE, INSERT INTO, DELETE FROM). */
function tablesOf(statement: string): string[] {
  return [...statement.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi)]
    .map((m) => m[1]!.toLowerCase())
    .filter((table) => distributed.has(table));
}

/** Whether a statement on distributed tables names its company (Citus routes it to one shard). */
export function routable(statement: string): boolean {
  const s = statement.replace(/\s+/g, ' ');
  if (tablesOf(s).length === 0) return true;
  if (/^\s*insert into "?\w+"? \(([^)]*)\)/i.test(s)) {
    const columns = /^\s*insert into "?\w+"? \(([^)]*)\)/i.exec(s)![1]!;
    return /\bempresa_id\b/.test(columns) || (tablesOf(s)[0] === 'empresas' && /\bid\b/.test(columns));
  }
  const company = /empresa_id"?\s*(?:=\s*(?:\$\d+|\d+|any\s*\()|in\s*\()/i;
  if (company.test(s)) return true;
  // The company row itself: empresas (or its alias) by id.
  const alias = /\bempresas"?\s+(?:as\s+)?(?!where|left|inner|join|on|set|order|limit)([a-z]\w*)/i.exec(s)?.[1];
  const names = ['"?empresas"?', ...(alias ? [alias] : [])].join('|');
  const prefixed = new RegExp(`(?<![\\w"])(?:${names})\\."?id"?\\s*=\\s*(?:\\$\\d+|\\d+)`, 'i');
  const bare = /(?<![.\w"])"?id"?\s*=\s*(?:\$\d+|\d+)/i;
  return prefixed.test(s) || (tablesOf(s).every((table) => table === 'empresas') && bare.test(s));
}

it('tells a statement routed to one company from a cross-company one', () => {
  const one = [
    'select * from "clientes" where "clientes"."empresa_id" = $1 and "clientes"."id" = $2',
    'update "series_contadores" set "siguiente" = $1 where ("series_contadores"."empresa_id" = $2)',
    'insert into "auditoria" ("empresa_id", "fecha") values ($1, $2)',
    'select e.nombre from empresas e left join suscripciones s on s.empresa_id = e.id where e.id = $1',
    'select "id", "nombre" from "empresas" where "empresas"."id" = $1',
    'select count(*) from "personas"',
  ];
  const cross = [
    'select * from "clientes" where "clientes"."id" = $1',
    'select count(*) from documentos_venta',
    'insert into "auditoria" ("fecha", "accion") values ($1, $2)',
    'select e.nombre from empresas e join clientes c on c.empresa_id = e.id where c.id = $1',
    'select e.nombre from empresas e where e.tipo_cuenta = $1',
  ];
  expect(one.filter((x) => !routable(x))).toEqual([]);
  expect(cross.filter((x) => routable(x))).toEqual([]);
});

/**
 * Platform reads that span companies by nature, each with its reason (on Citus they run as multi-shard queries,
 * which Citus supports; they are not on a company's hot path).
 */
const CROSS_COMPANY = new Map([
  ['GET /api/asesorias/asesorias/list', 'the public directory of advisory firms: one row per firm'],
  ['GET /api/asesorias/asesorias/mias', "a company's requests to advisory firms live in each firm's shard"],
  ['GET /api/usuarios/usuarios/edit/:id', "whether a member's identity is shared: the person's other memberships"],
  ['PUT /api/usuarios/usuarios/save/:id', "the identity door asks for the person's other memberships"],
]);

describe(`every company route as its owners (${ENGINE})`, () => {
  it.runIf(ENGINE === 'postgres')(
    'sends no statement on a distributed table without its company',
    async () => {
      const statements: string[] = [];
      const original = pg.Client.prototype.query;
      let recording = false;
      (pg.Client.prototype as any).query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
        const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
        if (recording && text) statements.push(text);
        return (original as any).call(this, config, ...rest);
      };
      const owners: Session[] = [
        await t.as('demo', 'DEMO'),
        await t.as('academia', 'ACADEMIA'),
        await t.as('autoescuela', 'AUTOESCUELA'),
      ];
      const routes = t.deps.routes.filter((r) =>
        ['company', 'permission', 'lookup', 'timeclock'].includes(r.access.kind),
      );
      const wrong = new Map<string, string>();
      let walked = 0;
      let read = 0;
      try {
        for (const route of routes) {
          for (const owner of owners) {
            statements.length = 0;
            recording = true;
            const res = await owner.request(route.method, urlOf(route), bodyOf(route));
            recording = false;
            read += statements.length;
            if (CROSS_COMPANY.has(`${route.method} ${route.url}`)) statements.length = 0;
            for (const s of statements)
              if (!routable(s)) wrong.set(s.replace(/\s+/g, ' ').slice(0, 400), `${route.method} ${route.url}`);
            if (res.status !== 403) {
              walked++;
              break; // this owner has the module: the route ran
            }
          }
        }
      } finally {
        pg.Client.prototype.query = original;
      }
      expect(walked).toBeGreaterThan(routes.length * 0.9);
      expect(read, 'statements read from the driver').toBeGreaterThan(routes.length * 2);
      expect([...wrong].map(([s, route]) => `${route}: ${s}`)).toEqual([]);
    },
    600_000,
  );
});

const urlOf = (route: RegisteredRoute) => route.url.replace(/:[a-z]+/gi, '1');
const bodyOf = (route: RegisteredRoute) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
