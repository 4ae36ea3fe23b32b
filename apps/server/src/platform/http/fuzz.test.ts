import { ENTITY_LIST } from '@faro/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import type { RegisteredRoute } from './routeRegistry.ts';

/**
 * Whatever arrives, the answer is never a 5xx nor a stack trace, never an English message, and never touches
 * another company's rows. The walk below covers every registered route by construction.
 */
const t = appDePruebas();
const owner = t.sesion('demo', 'DEMO');
const admin = t.sesion('admin');

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

/**
 * Text PostgreSQL cannot store or a reader would be fooled by: NUL, other controls and DEL, a bidi override, and a
 * lone surrogate (invalid UTF-16; JSON.stringify escapes it as \ud800, so it reaches the server like an attacker's).
 */
const CRAFTED_TEXT = ['a\u0000b', '\u0001\u001b[31m\u007f', 'gpj\u202eexe.pdf', 'a\ud800b'];
/** Days that do not exist, or not in that shape. */
const INVALID_DATES = ['2026-02-30', '2026-13-01', '0000-00-00', '99999-01-01', '2026-1-1'];
/** Values that broke the server once or could: huge and negative numbers as numbers and text, NaN-ish, long text. */
const HOSTILE_VALUES: unknown[] = [
  ...[1e21, -1e21, '1e21', 'NaN', '9'.repeat(40), 'x'.repeat(10_000), true, []],
  ...CRAFTED_TEXT,
  ...INVALID_DATES,
];
/** Odd path ids: each must be a 4xx (never found, never a 500). */
const ODD_IDS = [
  '0',
  '-1',
  String(2 ** 53),
  'abc',
  '1e3',
  '1%00',
  '%E2%80%AE1',
  '2026-02-30',
  '__proto__',
  'constructor',
];
/** Names every plain object answers through its prototype: as Orden, as filter keys, as JSON keys. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
/** Bodies that are not what any route expects, sent as raw JSON text: 5,000 levels deep, prototype keys. */
const RAW_BODIES = [
  ...['{"Nombre":', '"texto"', '12', ''],
  ...['{"__proto__":{"Baja":true}}', '{"constructor":{"prototype":{"Baja":true}}}', '{"Nombre":"\\ud800"}'],
  `${'{"Lineas":['.repeat(2500)}${']}'.repeat(2500)}`,
];
/** Date-like query parameters and filters the routes read (periods, `?Hoy=`, ranges). */
const DATE_KEYS = ['Fecha', 'FechaDesde', 'FechaHasta', 'Desde', 'Hasta', 'Hoy', 'Dia', 'FechaInicio', 'FechaFin'];

/**
 * A plausible body of every anonymous POST route: crafted text in one field of an otherwise valid body is what
 * reached the database on the old code (a NUL in a sign-up's company name was a 500), and sign-in, recovery and
 * sign-ups are open to anyone. A new anonymous route fails the walk below until it is given one here.
 */
const PUBLIC_BODIES: Record<string, Record<string, unknown>> = {
  '/api/usuarios/registro/login': { Usuario: 'demo', Password: 'Demo1234', IdCliente: 'fuzz' },
  '/api/usuarios/token/refresh': { TokenRefresco: '1.abc', IdCliente: 'fuzz' },
  '/api/usuarios/registro/recupera': { Usuario: 'demo' },
  '/api/usuarios/registro/nuevopass': { Token: 'inventado', NuevoPassword: 'Valida1234' },
  '/api/usuarios/registro/nuevacuenta': {
    ...{ NombreEmpresa: 'Fuzz SL', NIF: 'B64717838', Nombre: 'Ana', Email: 'fuzz@fuzz.test', Usuario: 'fuzzer' },
    Password: 'Ferreteria1',
  },
  '/api/usuarios/registro/confirmaemail': { Token: 'inventado' },
  '/api/portalalu/matonline/solicitar?academia=AUTOESCUELA': {
    ...{ IdCurso: 1, Nombre: 'Lu', Apellidos: 'Gil', Email: 'lu@fuzz.test', NIF: '00000006Y' },
    FechaNacimiento: '2000-01-01',
  },
  '/api/formacion/registroalu/nuevacuentaalu': {
    Academia: 'AUTOESCUELA',
    Nombre: 'Lu',
    Apellidos: 'Gil',
    Email: 'a@b.es',
  },
  '/api/formacion/registroalu/confirmaemailalu': { Academia: 'AUTOESCUELA', Token: 'inventado' },
  // The spec's paths of the same three forms (portalalu/* in the training area, registroalu/* in the users area).
  '/api/formacion/portalalu/matonline/solicitar?academia=AUTOESCUELA': {
    ...{ IdCurso: 1, Nombre: 'Lu', Apellidos: 'Gil', Email: 'lu@fuzz.test', NIF: '00000006Y' },
    FechaNacimiento: '2000-01-01',
  },
  '/api/usuarios/formacion/registroalu/nuevacuentaalu': {
    Academia: 'AUTOESCUELA',
    Nombre: 'Lu',
    Apellidos: 'Gil',
    Email: 'a@b.es',
  },
  '/api/usuarios/formacion/registroalu/confirmaemailalu': { Academia: 'AUTOESCUELA', Token: 'inventado' },
  '/api/usuarios/registro/nuevacontratacion': {
    ...{ TipoCuenta: 'general', Plan: 'basico', NombreEmpresa: 'Fuzz SL', NIF: 'B64717838', Direccion: 'Sol 1' },
    ...{ CodPostal: '28004', Poblacion: 'Madrid', Iban: 'ES91 2100 0418 4502 0005 1332', Nombre: 'Ana' },
    ...{ Email: 'fuzz@fuzz.test', Usuario: 'fuzzer', Password: 'Firma1234', AceptaCondiciones: true },
  },
  '/api/usuarios/registro/contrato/1/codigo': {},
  '/api/usuarios/registro/contrato/1/firmar': { Codigo: '123456' },
  '/api/rrhh/inspeccion/ver/1': { Nombre: 'x' },
  '/api/rrhh/inspeccion/ver/1/datos': { Nombre: 'x' },
  '/api/rrhh/inspeccion/ver/1/exportar': { Nombre: 'x' },
};
const publicBodyOf = (url: string) => Object.entries(PUBLIC_BODIES).find(([u]) => u === url || u.startsWith(`${url}?`));

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
    const known = route.access.kind === 'public' && route.method === 'POST' ? publicBodyOf(url) : undefined;
    for (const [key, value] of Object.entries(known?.[1] ?? {})) {
      for (const text of CRAFTED_TEXT) {
        if (typeof value === 'string') probes.push({ route, url: known![0], body: { ...known![1], [key]: text } });
      }
    }
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
    // One hostile part per probe: a 400 for the first would hide the 500 of the next.
    const alone = (query: Record<string, string>) =>
      probes.push({ route, url: `${url}?${new URLSearchParams(query)}` });
    const listing = /\/(list|export)$/.test(route.url);
    for (const name of listing ? PROTOTYPE_NAMES : PROTOTYPE_NAMES.slice(0, 1)) alone({ Orden: name, Formato: 'html' });
    alone({ Filtros: `{"__proto__":{"x":1},"constructor":1}` });
    alone({ Filtros: JSON.stringify({ toStringDesde: '1', hasOwnPropertyHasta: '1', valueOf: 1 }) });
    // The two PostgreSQL itself refuses (the others are the guard's choice, checked once in inputGuard.test.ts).
    for (const text of [CRAFTED_TEXT[0]!, CRAFTED_TEXT[3]!])
      alone({ Filtros: JSON.stringify({ Buscar: text }), Buscar: text });
    // One day of each kind: shaped but impossible, year 0 (JavaScript's Date takes it, PostgreSQL does not), too long.
    for (const date of ['2026-02-30', '0000-00-00', '99999-01-01']) {
      const dates = Object.fromEntries(DATE_KEYS.map((k) => [k, date]));
      alone({ ...dates, Filtros: JSON.stringify(dates), Formato: 'html' });
    }
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

describe('every registered route with hostile input', () => {
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
      const what = `${route.method} ${url.slice(0, 120)} ${(raw ?? JSON.stringify(body) ?? '').slice(0, 60)}`;
      // A stream that fails after its headers (an export) ends the connection instead of answering.
      const res = await (route.access.kind === 'public'
        ? t.call(route.method, url, raw ?? body, headers)
        : session.request(route.method, url, raw ?? body, headers)
      ).catch((error: Error) => problems.push(`${what} → ${error.message}`));
      if (typeof res === 'number') return;
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

  it('every anonymous POST route is walked with a plausible body', () => {
    const missing = t.deps.routes
      .filter((r) => r.access.kind === 'public' && r.method === 'POST')
      .map((r) => r.url.replace(/:[a-z]+/gi, '1'))
      .filter((url) => !publicBodyOf(url));
    expect(missing).toEqual([]);
  });

  it('every route of the walk is reached: new routes are covered by construction', () => {
    const unreached = t.deps.routes.filter((r) => !r.url.endsWith('/logout') && probesFor(r).length === 0);
    // DELETE routes without parameters and GET routes are probed through their query; nothing may be left out.
    expect(unreached.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
