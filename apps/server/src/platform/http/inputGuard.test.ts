import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { multipartFile } from '../../../test/multipart.ts';

/**
 * Crafted input is refused at the edge with a Spanish 400, whichever route it reaches, signed in or not: bytes
 * PostgreSQL cannot store (NUL, lone surrogates), control characters, bidi overrides, absurdly deep JSON, names that
 * every plain object answers through its prototype, and dates that do not exist.
 */
const t = appDePruebas();
const owner = t.sesion('demo', 'DEMO');

const NO_VALIDOS = 'La petición contiene caracteres no válidos';
const json = { 'content-type': 'application/json' };
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

const altaEmpresa = {
  NombreEmpresa: 'Ferretería Nula SL',
  NIF: 'B64717838',
  Nombre: 'Ana',
  Email: 'nula@ferreteria.test',
  Usuario: 'ananula',
  Password: 'Ferreteria1',
};
/** The contract sign-up adds the plan, the address and the bank account to the plain sign-up. */
const contratacion = {
  ...altaEmpresa,
  ...{ TipoCuenta: 'general', Plan: 'basico', Direccion: 'Calle Sol 1', CodPostal: '28004', Poblacion: 'Madrid' },
  ...{ Iban: 'ES91 2100 0418 4502 0005 1332', Email: 'contrata@nula.test', Usuario: 'contratanula' },
  AceptaCondiciones: true,
};

describe('characters PostgreSQL cannot store or a reader would be fooled by', () => {
  it.each([
    ['login', '/api/usuarios/registro/login', { Usuario: 'demo\u0000', Password: 'Demo1234', IdCliente: 'c' }],
    ['recovery', '/api/usuarios/registro/recupera', { Usuario: 'de\u0000mo' }],
    ['sign-up', '/api/usuarios/registro/nuevacuenta', { ...altaEmpresa, NombreEmpresa: 'Ferretería\u0000 SL' }],
    ['contract sign-up', '/api/usuarios/registro/nuevacontratacion', { ...contratacion, Direccion: 'Sol\u0000 1' }],
    [
      'student sign-up',
      '/api/formacion/registroalu/nuevacuentaalu',
      { Academia: 'AUTOESCUELA', Nombre: 'Lu\u0000', Apellidos: 'Gil', Email: 'lu@nula.test' },
    ],
  ])('refuses a NUL byte in the anonymous %s with a Spanish 400', async (_name, url, body) => {
    const res = await t.call('POST', url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual({ Mensaje: NO_VALIDOS });
  });

  it('refuses a NUL byte, other control characters, bidi overrides and DEL in a save, and stores nothing', async () => {
    for (const nombre of ['Nu\u0000la', 'Bel\u0007l', 'Ta\u000bb', 'Esc\u001b[31m', 'Del\u007f', 'gpj\u202eexe.pdf']) {
      const res = await owner.request('POST', '/api/ventas/clientes/save', { Nombre: nombre, NIF: '00000006Y' });
      expect(res.status, JSON.stringify(nombre)).toBe(400);
      expect(res.body).toEqual({ Mensaje: NO_VALIDOS });
    }
    const [n] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from clientes where nombre ~ '[[:cntrl:]]' or nombre like '%' || chr(8238) || '%'",
    );
    expect(n!.n).toBe(0);
  });

  it('keeps tab, line feed and carriage return in text bodies, where they are legitimate', async () => {
    const Observaciones = 'Primera\tlínea\r\nSegunda';
    const res = await owner.request('POST', '/api/ventas/clientes/save', {
      Nombre: 'Saltos',
      NIF: '00000006Y',
      Observaciones,
    });
    expect([res.status, res.body.Observaciones], JSON.stringify(res.body)).toEqual([201, Observaciones]);
  });

  it('refuses lone surrogates (invalid UTF-16) in JSON values and keys', async () => {
    for (const raw of ['{"Usuario":"\\ud800","Password":"x","IdCliente":"c"}', '{"\\udc00":"x","Usuario":"demo"}']) {
      const res = await t.call('POST', '/api/usuarios/registro/login', raw, json);
      expect(res.status, raw).toBe(400);
      expect(res.body).toEqual({ Mensaje: NO_VALIDOS });
    }
  });

  it('refuses every control character in query strings and path parameters, tab included', async () => {
    for (const buscar of ['a\u0000', 'a\tb', 'a\nb', '\u202e']) {
      const res = await owner.request(
        'GET',
        `/api/ventas/clientes/list?${q({ Filtros: JSON.stringify({ Buscar: buscar }) })}`,
      );
      expect(res.status, JSON.stringify(buscar)).toBe(400);
      expect(res.body).toEqual({ Mensaje: NO_VALIDOS });
    }
    // Escaped inside Filtros' JSON: only the parsed value shows the NUL.
    const escaped = await owner.request(
      'GET',
      `/api/ventas/clientes/list?Filtros=${encodeURIComponent('{"Buscar":"a\\u0000"}')}`,
    );
    expect(escaped.status).toBe(400);
    expect(escaped.body).toEqual({ Mensaje: NO_VALIDOS });
    const param = await owner.request('GET', '/api/ventas/clientes/get/1%00');
    expect(param.status).toBe(400);
    expect(param.body).toEqual({ Mensaje: NO_VALIDOS });
    const token = await t.call('GET', '/api/usuarios/registro/contrato/ab%01cd');
    expect(token.status).toBe(400);
    expect(token.body).toEqual({ Mensaje: NO_VALIDOS });
  });
});

describe('multipart uploads, whose names the route reads itself', () => {
  it('refuses a file name with a NUL byte or a bidi override, and stores no file', async () => {
    const [emp] = await t.database.query<{ id: number }>(
      "select e.id from empleados e join empresas m on m.id = e.empresa_id where m.codigo = 'DEMO' order by e.id limit 1",
    );
    for (const nombre of ['nomina\u0000.pdf', 'nomina\u202efdp.exe']) {
      const m = multipartFile(nombre, '%PDF-1.4\n%B\n');
      const res = await owner.request('POST', `/api/rrhh/empleados/documentos/${emp!.id}`, m.body, m.headers);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toEqual({ Mensaje: NO_VALIDOS });
    }
    const [n] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from gd_ficheros where nombre like 'nomina%'",
    );
    expect(n!.n).toBe(0);
  });
});

describe('JSON the parser must bound', () => {
  it('answers a 5,000-deep body with a Spanish 400, not a stack overflow', async () => {
    for (const raw of [`${'['.repeat(5000)}${']'.repeat(5000)}`, `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`]) {
      const res = await t.call('POST', '/api/usuarios/registro/login', raw, json);
      expect(res.status).toBe(400);
      expect(res.body.Mensaje).toBe('La petición tiene demasiados niveles de anidamiento');
    }
  });

  it('answers a body with too many keys with a Spanish 400', async () => {
    const wide = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 1]));
    const res = await owner.request('POST', '/api/ventas/clientes/save', wide);
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toBe('La petición tiene demasiados campos');
  });

  it('still refuses __proto__ in a body and accepts constructor as a plain unknown key', async () => {
    const proto = await owner.request('POST', '/api/ventas/clientes/save', '{"__proto__":{"Nombre":"x"}}', json);
    expect(proto.status).toBe(400);
    const ctor = await owner.request('POST', '/api/ventas/clientes/save', {
      Nombre: 'Constructor SL',
      NIF: '00000006Y',
      constructor: 'x',
    });
    expect(ctor.status, JSON.stringify(ctor.body)).toBeLessThan(500);
    expect(({} as Record<string, unknown>).Nombre).toBeUndefined();
  });
});

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

describe('names from the client never index plain objects', () => {
  it.each([
    '/api/usuarios/usuarios/list',
    '/api/ventas/clientes/list',
    '/api/rrhh/festivos/list',
    '/api/ventas/clientes/export',
  ])('%s: Orden named after a prototype property is a Spanish 400', async (url) => {
    for (const orden of PROTOTYPE_NAMES) {
      const res = await owner.request('GET', `${url}?${q({ Orden: orden, Formato: 'html' })}`);
      expect(res.status, `${url} ${orden}`).toBe(400);
      expect(res.body).toEqual({ Mensaje: `No se puede ordenar por ${orden}` });
    }
  });

  it('Filtros keys named after prototype properties are a Spanish 400 and pollute nothing', async () => {
    for (const key of [...PROTOTYPE_NAMES, 'toStringDesde', 'constructorHasta']) {
      for (const url of ['/api/usuarios/usuarios/list', '/api/ventas/clientes/list']) {
        const filtros = `{${JSON.stringify(key)}:{"polluted":"yes"}}`;
        const res = await owner.request('GET', `${url}?${q({ Filtros: filtros })}`);
        expect(res.status, `${url} ${key}`).toBe(400);
        expect(res.body).toEqual({ Mensaje: `El filtro ${key} no existe` });
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

const INVALID_DATES = ['2026-02-30', '2026-13-01', '0000-00-00', '99999-01-01', '2026-1-1', '0000-01-01'];

describe('dates that do not exist', () => {
  it('rrhh/inspeccion/save refuses each with a Spanish 400 and creates no link', async () => {
    for (const dia of INVALID_DATES) {
      for (const campo of ['Desde', 'Hasta']) {
        const body = { Destinatario: 'Inspección', Desde: '2026-01-01', Hasta: '2026-03-31', [campo]: dia };
        const res = await owner.request('POST', '/api/rrhh/inspeccion/save', body);
        expect(res.status, `${JSON.stringify(body)} ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.Mensaje).toBe('Revisa los errores del formulario');
        expect(res.body.Errores).toContainEqual({ Campo: campo, Mensaje: 'El formato es incorrecto' });
      }
    }
    const [n] = await t.database.query<{ n: number }>('select count(*)::int as n from inspeccion_enlaces');
    expect(n!.n).toBe(0);
  });

  it('list filters FechaDesde/FechaHasta refuse each with a Spanish 400', async () => {
    for (const dia of INVALID_DATES) {
      for (const key of ['FechaDesde', 'FechaHasta', 'Fecha']) {
        const res = await owner.request(
          'GET',
          `/api/rrhh/festivos/list?${q({ Filtros: JSON.stringify({ [key]: dia }) })}`,
        );
        expect(res.status, `${key} ${dia}`).toBe(400);
        expect(res.body.Mensaje).toMatch(/formato/i);
      }
    }
  });

  it('the dashboard takes an impossible ?Hoy= as today, never a 500', async () => {
    for (const dia of INVALID_DATES) {
      const res = await owner.request('GET', `/api/informes/panel?Hoy=${dia}`);
      expect(res.status, dia).toBe(200);
    }
  });
});

/** Every TypeScript source under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('a date schema can only be a real date', () => {
  it('no zod schema takes a day by its shape alone (use isIsoDate or z.iso.date)', () => {
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const shapeOnly = /\.regex\(\s*(\/\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$\/|PATTERNS\.date|DIA\b)/;
    const offenders = ['apps/server/src', 'packages/domain/src']
      .flatMap((dir) => sources(path.join(root, dir)))
      .filter((file) => shapeOnly.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
