import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { comprobarDestino, comprobarUrl, ErrorSalida, fijarResolutor, MSG_SALIDA } from './destino.ts';
import { esPublica, leerDireccion } from './direcciones.ts';
import { peticionSaliente } from './http.ts';
import { leerLista, permitirDestino } from './permitidos.ts';
import { conectarTcp, transporteSmtp } from './smtp.ts';

/**
 * The egress door: classification, the allow-list, and the attacks at connect time (DNS rebinding, a loopback
 * listener that is not allowed). Only loopback listeners; every other address is refused by classification
 * before any packet leaves.
 */

const previa = process.env.FARO_DESTINOS_PERMITIDOS;
const lista = (v: string) => {
  process.env.FARO_DESTINOS_PERMITIDOS = v;
};
afterEach(() => {
  lista('');
  fijarResolutor(null);
});
afterAll(() => {
  if (previa === undefined) delete process.env.FARO_DESTINOS_PERMITIDOS;
  else process.env.FARO_DESTINOS_PERMITIDOS = previa;
});

/** A loopback TCP listener that counts the connections it accepts. */
let espia: Server;
let conexiones = 0;
let puerto = 0;
beforeAll(async () => {
  espia = createServer((s) => {
    conexiones++;
    s.destroy();
  });
  await new Promise<void>((r) => espia.listen(0, '127.0.0.1', r));
  puerto = (espia.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => espia.close(() => r())));

async function rechazo(p: Promise<unknown>): Promise<ErrorSalida> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ErrorSalida);
  expect((e as Error).message).toBe(MSG_SALIDA.conexion);
  return e as ErrorSalida;
}

describe('address classification', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '240.0.0.1',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    '::127.0.0.1',
    '2001:db8::1',
    '2002:7f00:1::1',
  ])('%s is not public', (ip) => {
    expect(esPublica(leerDireccion(ip)!)).toBe(false);
  });

  it.each(['8.8.8.8', '151.101.1.69', '2a00:1450:4003:80e::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(esPublica(leerDireccion(ip)!)).toBe(true);
    },
  );
});

describe('the allow-list (FARO_DESTINOS_PERMITIDOS)', () => {
  it('reads names, addresses, networks and ports, and refuses nonsense', () => {
    expect(leerLista('smtp.intranet, 127.0.0.1:2525, 10.0.0.0/8, [::1]:8080, fd00::/8').length).toBe(5);
    expect(() => leerLista('10.0.0.0/33')).toThrow(/no es válida/);
    expect(() => leerLista('host:99999')).toThrow(/puerto/);
    expect(() => leerLista('http://x')).toThrow(/no es válid/);
  });

  it('an address or network entry allows it (also as IPv4-mapped IPv6), on its port only', async () => {
    lista(`127.0.0.1:${puerto}`);
    expect((await comprobarDestino('127.0.0.1', puerto)).enLista).toBe(true);
    expect((await comprobarDestino('::ffff:127.0.0.1', puerto)).enLista).toBe(true);
    await rechazo(comprobarDestino('127.0.0.1', puerto + 1));
    lista('127.0.0.0/8');
    expect((await comprobarUrl(`http://127.0.0.2:${puerto}/`)).enLista).toBe(true);
  });

  it("the server's own simulator is allowed for its exact port, until undone", async () => {
    const deshacer = permitirDestino(`https://127.0.0.1:${puerto}/x`);
    expect((await comprobarUrl(`https://127.0.0.1:${puerto}/y`)).enLista).toBe(true);
    await rechazo(comprobarUrl(`https://127.0.0.1:${puerto + 1}/y`));
    deshacer();
    await rechazo(comprobarUrl(`https://127.0.0.1:${puerto}/y`));
  });
});

describe('attacks at connect time (allow-list empty)', () => {
  it.each([
    'http://127.0.0.1:PUERTO/',
    'https://127.0.0.1:PUERTO/',
    'https://[::1]:PUERTO/',
    'https://localhost:PUERTO/',
    'https://2130706433:PUERTO/',
    'https://0177.0.0.1:PUERTO/',
    'https://0x7f.1:PUERTO/',
    'https://[::ffff:127.0.0.1]:PUERTO/',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/',
    'ftp://127.0.0.1:PUERTO/',
  ])('%s: refused with the uniform message, the listener sees nothing', async (plantilla) => {
    const antes = conexiones;
    const e = await rechazo(peticionSaliente({ url: plantilla.replace('PUERTO', String(puerto)), metodo: 'POST' }));
    expect(e.causa).toBe('no-permitido');
    await rechazo(conectarTcp('127.0.0.1', puerto));
    expect(conexiones).toBe(antes);
  });

  it('a name allowed at save that later resolves to loopback (DNS rebinding) is refused, nothing connects', async () => {
    let respuestas = 0;
    fijarResolutor(async () => {
      respuestas++;
      return [{ address: respuestas === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    });
    // At save: a public address.
    expect((await comprobarUrl(`https://aues.proveedor.es:${puerto}/v1`)).direcciones[0]!.address).toBe(
      '93.184.215.14',
    );
    const antes = conexiones;
    // At connect: the name now points at the server itself.
    await rechazo(peticionSaliente({ url: `https://aues.proveedor.es:${puerto}/v1/solicitudes`, metodo: 'POST' }));
    await rechazo(conectarTcp('aues.proveedor.es', puerto));
    expect(conexiones).toBe(antes);
  });

  it('one private address among public ones refuses the name', async () => {
    fijarResolutor(async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '::1', family: 6 },
    ]);
    await rechazo(comprobarUrl('https://mixto.proveedor.es/'));
  });

  it('a company SMTP server on loopback: the transport never opens a connection', async () => {
    const antes = conexiones;
    const t = await transporteSmtp({ host: '127.0.0.1', puerto, sinTls: true });
    const e = await t.sendMail({ from: 'a@faro.test', to: 'b@faro.test', subject: 'x', text: 'y' }).then(
      () => null,
      (x: Error) => x,
    );
    expect(e?.message).toContain(MSG_SALIDA.conexion);
    expect(conexiones).toBe(antes);
    t.close();
  });
});

describe('failures look alike', () => {
  it('a closed port, a refusal and an unresolvable name give the same message', async () => {
    lista('127.0.0.1');
    const cerrado = await new Promise<number>((r) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => r(p));
      });
    });
    fijarResolutor(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const mensajes = await Promise.all(
      [
        peticionSaliente({ url: `http://127.0.0.1:${cerrado}/` }),
        peticionSaliente({ url: 'https://10.1.2.3/' }),
        peticionSaliente({ url: 'https://no-existe.proveedor.es/' }),
      ].map((p) => rechazo(p).then((e) => e.message)),
    );
    expect(new Set(mensajes)).toEqual(new Set([MSG_SALIDA.conexion]));
    expect(mensajes.join(' ')).not.toMatch(/fetch failed|ECONN|ENOTFOUND|getaddrinfo/);
  });

  it('a listener that never answers: a timeout with the same message; a redirect is not followed', async () => {
    lista('127.0.0.1');
    const mudo = createServer(() => {});
    await new Promise<void>((r) => mudo.listen(0, '127.0.0.1', r));
    const p = (mudo.address() as { port: number }).port;
    const e = await rechazo(peticionSaliente({ url: `http://127.0.0.1:${p}/`, timeoutMs: 200 }));
    expect(e.causa).toBe('timeout');
    mudo.close();
    mudo.unref();

    let seguidas = 0;
    const redirige = createHttpServer((req, res) => {
      if (req.url === '/destino') seguidas++;
      res.writeHead(302, { Location: `http://127.0.0.1:${puerto}/destino` }).end();
    });
    await new Promise<void>((r) => redirige.listen(0, '127.0.0.1', r));
    const pr = (redirige.address() as { port: number }).port;
    const r = await peticionSaliente({ url: `http://127.0.0.1:${pr}/` });
    expect(r.estado).toBe(302);
    expect(seguidas).toBe(0);
    await new Promise<void>((ok) => redirige.close(() => ok()));
  });

  it('an answer larger than the bound is cut', async () => {
    lista('127.0.0.1');
    const grande = createHttpServer((_req, res) => res.end(Buffer.alloc(64 * 1024)));
    await new Promise<void>((r) => grande.listen(0, '127.0.0.1', r));
    const p = (grande.address() as { port: number }).port;
    const e = await peticionSaliente({ url: `http://127.0.0.1:${p}/`, maxBytes: 1024 }).catch((x: ErrorSalida) => x);
    expect((e as ErrorSalida).causa).toBe('respuesta');
    await new Promise<void>((ok) => grande.close(() => ok()));
  });
});
