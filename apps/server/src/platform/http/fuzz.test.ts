import { ENTITY_LIST } from '@faro/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import type { RegisteredRoute } from './routeRegistry.ts';

/**
 * Whatever arrives, the answer is never a 5xx nor a stack trace, never an English message, and never touches
 * another company's rows. The walk below covers every registered route by construction (issue 10).
 */
let t: TestApp;
let owner: Session;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('demo', 'DEMO');
  admin = await t.as('admin');
});
afterAll(() => t.close());

const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'Val',
      'Desc',
      'Nombre',
      'UserName',
      'Email',
      'Roles',
      'IdPerfil',
      'Permisos',
      'Tipo',
      'Latitud',
      'Baja',
      'Denegados',
      'Usuario',
      'Password',
      'IdCliente',
      'NuevoPassword',
      'Token',
      'TokenRefresco',
    ),
    fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string()),
      fc.object(),
    ),
  ),
);

describe('fuzzing the API with its own field names', () => {
  it('answers every mutating route with a 2xx/4xx and a Spanish JSON message', async () => {
    const routes = t.deps.routes
      .filter((r) => r.method === 'POST' || r.method === 'PUT')
      .filter((r) => !r.url.endsWith('/logout'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), anyJson, fc.integer({ min: 1, max: 3 }), async (route, body, id) => {
        const url = route.url.replace(/:[a-z]+/gi, String(id));
        const res = await owner.request(route.method, url, body);
        expect(res.status, `${route.method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+|stack/i);
      }),
      { numRuns: 300 },
    );
  });

  it('answers list routes with hostile query strings with a 4xx, never a 5xx', async () => {
    const lists = t.deps.routes.filter((r) => r.method === 'GET' && r.url.endsWith('/list'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.record(
          {
            Pagina: fc.string(),
            TotalPagina: fc.string(),
            Filtros: fc.oneof(fc.string(), fc.json()),
            Orden: fc.string(),
            Descendente: fc.string(),
          },
          { requiredKeys: [] },
        ),
        async (route, query) => {
          const res = await owner.request(
            'GET',
            `${route.url}?${new URLSearchParams(query as Record<string, string>)}`,
          );
          expect(res.status, `${route.url} ${JSON.stringify(query)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** English words that give away a default (untranslated) message in an error answer. */
const ENGLISH = /\b(invalid|expected|required|must|received|unrecognized|too (big|small)|should|cannot|not found)\b/i;

/** Field names the routes read: every entity field plus the bespoke bodies' keys. */
const BESPOKE_KEYS = [
  ...['Val', 'Desc', 'Nombre', 'UserName', 'Email', 'Roles', 'IdPerfil', 'Permisos', 'Tipo', 'Origen', 'Baja'],
  ...['Latitud', 'Longitud', 'Denegados', 'Usuario', 'Password', 'IdCliente', 'NuevoPassword', 'Token'],
  ...['TokenRefresco', 'PasswordActual', 'RepetirPassword', 'Cliente', 'Fecha', 'Serie', 'Estado', 'Lineas'],
  ...['Cantidad', 'Precio', 'Descuento', 'TipoIva', 'IdProducto', 'Lote', 'Caducidad', 'IdAlmacen', 'Modo'],
  ...['IdAlmacenOrigen', 'IdAlmacenDestino', 'Motivo', 'IdFactura', 'Importe', 'IdTesoreria', 'IdConcepto'],
  ...['Notas', 'Destino', 'TipoRectificativa', 'ModoRectificativa', 'Minorista', 'Mapeo', 'Periodicidad'],
  ...['FechaInicio', 'FechaFin', 'ProximaFecha', 'Accion', 'PorcRetencion', 'Descripcion', 'Entorno'],
  ...['EnvioAeat', 'Para', 'Asunto', 'Mensaje', 'Simplificada', 'IdCentro', 'IdFormaPago', 'Observaciones'],
];
const ENTITY_KEYS = new Map(ENTITY_LIST.map((e) => [`/api/${e.area}/${e.name}/`, Object.keys(e.fields)]));

function keysFor(route: RegisteredRoute): string[] {
  const entity = [...ENTITY_KEYS].find(([base]) => route.url.startsWith(base))?.[1] ?? [];
  return [...new Set([...entity, ...BESPOKE_KEYS])];
}

/** Values that broke the server once or could: huge and negative numbers as numbers and text, NaN-ish, long text. */
const HOSTILE_VALUES: unknown[] = [1e21, -1e21, '1e21', 'NaN', '9'.repeat(40), 'x'.repeat(10_000), true, []];
/** Odd path ids: each must be a 4xx (never found, never a 500). */
const ODD_IDS = ['0', '-1', String(2 ** 53), 'abc', '1e3'];
/** Bodies that are not what any route expects, sent as raw JSON text. */
const RAW_BODIES = ['{"Nombre":', '"texto"', '12', ''];

interface Probe {
  route: RegisteredRoute;
  url: string;
  body?: unknown;
  raw?: string;
}

const saveOf = (route: RegisteredRoute) => route.url.replace(/\/save\/:id$/, '/save');

function probesFor(route: RegisteredRoute): Probe[] {
  const probes: Probe[] = [];
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const params = route.url.includes(':');
  const url = route.url.replace(/:[a-z]+/gi, '1');
  if (params) {
    for (const id of ODD_IDS) {
      probes.push({ route, url: route.url.replace(/:[a-z]+/gi, id), body: withBody ? {} : undefined });
    }
  }
  if (withBody) {
    probes.push({ route, url });
    for (const raw of RAW_BODIES) probes.push({ route, url, raw });
    // PUT save/:id parses the very schema of its POST save: the hostile values go through the POST only.
    const samePost =
      route.method === 'PUT' && t.deps.routes.some((r) => r.method === 'POST' && r.url === saveOf(route));
    const keys = keysFor(route);
    for (const value of samePost ? [] : HOSTILE_VALUES) {
      const fields = Object.fromEntries(keys.map((k) => [k, value]));
      probes.push({ route, url, body: { ...fields, Lineas: [fields] } });
    }
  } else if (route.method === 'DELETE' && !params) {
    probes.push({ route, url });
  } else if (route.method === 'GET') {
    const filtros = Object.fromEntries(keysFor(route).map((k) => [k, 1e21]));
    const hostile = new URLSearchParams({
      Pagina: '1e21',
      TotalPagina: '-1e21',
      Orden: '__proto__',
      Descendente: 'quizás',
      Formato: 'exe',
      Filtros: JSON.stringify({ ...filtros, Buscar: 'x'.repeat(10_000) }),
    });
    probes.push({ route, url: `${url}?${hostile}` }, { route, url: `${url}?Filtros=%7B%22Nombre%22%3A&Pagina=NaN` });
  }
  return probes;
}

/** A fingerprint of every row of one company (every table with empresa_id, plus its company row). */
async function companyChecksum(codigo: string): Promise<string> {
  const [empresa] = await t.database.query<{ id: number }>('select id from empresas where codigo = $1', [codigo]);
  const tables = await t.database.query<{ table_name: string }>(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'empresa_id'
     and table_name <> 'idempotencia' order by table_name`,
  );
  const parts = await Promise.all(
    [...tables.map((r) => r.table_name), 'empresas'].map(async (table) => {
      const column = table === 'empresas' ? 'id' : 'empresa_id';
      const [row] = await t.database.query<{ h: string | null; n: number }>(
        `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h, count(*)::int as n
         from "${table}" x where ${column} = $1`,
        [empresa!.id],
      );
      return `${table}:${row!.n}:${row!.h}`;
    }),
  );
  return parts.join('\n');
}

/** Runs `tasks` with at most `width` at once (inject is in-process: this overlaps the database waits). */
async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

describe('every registered route with hostile input (issue 10)', () => {
  it('never answers a 5xx nor an English message, and leaves other companies untouched', async () => {
    const sentinels = ['DEMO2', 'AUTOESCUELA'];
    const before = await Promise.all(sentinels.map(companyChecksum));
    // Ending the session would turn the rest into 401s: those routes get a session of their own.
    const routes = t.deps.routes.filter((r) => !r.url.endsWith('/logout'));
    expect(routes.length).toBeGreaterThan(200);
    const probes = routes.flatMap(probesFor);
    const problems: string[] = [];
    const started = Date.now();
    await pool(probes, 6, async ({ route, url, body, raw }) => {
      const session = route.access.kind === 'admin' ? admin : owner;
      const headers: Record<string, string> = raw === undefined ? {} : { 'content-type': 'application/json' };
      const res =
        route.access.kind === 'public'
          ? await t.call(route.method, url, raw ?? body, headers)
          : await session.request(route.method, url, raw ?? body, headers);
      const what = `${route.method} ${url.slice(0, 120)} ${raw ?? JSON.stringify(body)?.slice(0, 60) ?? ''}`;
      if (res.status >= 500) problems.push(`${what} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
      if (res.status >= 400) {
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
        if (ENGLISH.test(text)) problems.push(`${what} → English: ${text.slice(0, 200)}`);
        if (/at .*\.ts:\d+|stack/i.test(text)) problems.push(`${what} → stack trace`);
      }
    });
    console.info(`fuzz: ${probes.length} peticiones sobre ${routes.length} rutas en ${Date.now() - started} ms`);
    expect(problems).toEqual([]);
    const after = await Promise.all(sentinels.map(companyChecksum));
    expect(after).toEqual(before);
    expect(probes.length).toBeGreaterThan(1000);
  }, 240_000);

  it('every route of the walk is reached: new routes are covered by construction', () => {
    const unreached = t.deps.routes.filter((r) => !r.url.endsWith('/logout') && probesFor(r).length === 0);
    // DELETE routes without parameters and GET routes are probed through their query; nothing may be left out.
    expect(unreached.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
