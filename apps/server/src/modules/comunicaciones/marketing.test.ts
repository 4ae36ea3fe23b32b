import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/smtpSink.ts';
import { createTestApp, type Session, TEST_SECRET, type TestApp } from '../../../test/testApp.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { LEASE_MS, type OpcionesCola, procesarEmpresa } from './cola.ts';
import { transporteCorreo } from './transportes.ts';

let t: TestApp;
let demo: Session;
let empresaId: number;
let segmento: number;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const sms: { auth?: string; body: any }[] = [];
let gateway: ReturnType<typeof createServer>;
let gatewayUrl: string;
const q = (sql: string, p: unknown[] = []) => t.database.query<any>(sql, p);

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  empresaId = Number((await q("select id from empresas where codigo = 'DEMO'"))[0].id);
  sink = await startSmtpSink();
  gateway = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data);
      sms.push({ auth: req.headers.authorization, body });
      res.statusCode = body.Destino === '600000003' ? 503 : 200;
      res.end(res.statusCode === 200 ? '{"ok":true}' : 'saturada');
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
  // Four customers in a group of their own, with e-mail and mobile.
  const grupo = await demo.request('POST', '/api/configuracion/gruposcto/save', { Codigo: 'MKT', Nombre: 'Marketing' });
  expect(grupo.status).toBe(201);
  const clientes = await q('select id from clientes where empresa_id = $1 and not baja order by id limit 4', [
    empresaId,
  ]);
  for (const [i, c] of clientes.entries()) {
    await q('update clientes set id_grupo = $1, email = $2, movil = $3 where empresa_id = $4 and id = $5', [
      grupo.body.Id,
      `cliente${i + 1}@ejemplo.test`,
      `60000000${i + 1}`,
      empresaId,
      c.id,
    ]);
  }
  const seg = await demo.request('POST', '/api/comunicaciones/segmentacion/save', {
    Codigo: 'MKT',
    Descripcion: 'Grupo marketing',
  });
  segmento = seg.body.Id;
  const reglas = await demo.request('PUT', `/api/comunicaciones/segmentacion/reglas/${segmento}`, {
    TipoContacto: 'c',
    IdGrupo: grupo.body.Id,
  });
  expect(reglas.status).toBe(200);
});
afterAll(async () => {
  await sink.stop();
  await new Promise((r) => gateway.close(r));
  await t.close();
});

const opciones = (ahora: Date, extra: Partial<OpcionesCola> = {}): OpcionesCola => ({
  secret: TEST_SECRET,
  remitente: 'Faro <no-responder@faro.test>',
  publicUrl: 'http://faro.test',
  ahora: () => ahora,
  ...extra,
});

/**
 * Saves the campaigns' sending settings (1,000 a minute) and checks that the password (`SmtpClave` / `SmsClave`) is
 * stored encrypted in `columna`, never as given.
 */
async function configurarCifrado(ajustes: Record<string, unknown>, columna: 'smtp_clave' | 'sms_clave') {
  const cfg = await demo.request('PUT', '/api/comunicaciones/correos/config', { ...ajustes, LimiteMinuto: 1000 });
  expect(cfg.status).toBe(200);
  const [row] = await q(`select ${columna} as clave from mk_config where empresa_id = $1`, [empresaId]);
  expect(row.clave).not.toContain(String(ajustes.SmtpClave ?? ajustes.SmsClave));
}

/** How many live contacts the test's segment reaches now. */
const audiencia = () => demo.request('GET', `/api/comunicaciones/correos/audiencia?IdSegmentacion=${segmento}`);
/** A campaign to the test's segment. */
const campanaAlSegmento = (Nombre: string, Asunto: string, Cuerpo: string, extra: Record<string, unknown> = {}) =>
  demo.request('POST', '/api/comunicaciones/correos/save', {
    Nombre,
    Asunto,
    Cuerpo,
    IdSegmentacion: segmento,
    ...extra,
  });

describe('e-mail campaigns through the queue', () => {
  let campana: number;
  it('queues exactly the live audience of the segment', async () => {
    const aud = await audiencia();
    expect(aud.body.Total).toBe(4);
    const c = await campanaAlSegmento(
      'Ofertas de otoño',
      'Hola {Nombre}',
      '<p>Hola {Nombre}, tenemos ofertas.</p><script>alert(1)</script>',
    );
    expect(c.status).toBe(201);
    expect(c.body.Cuerpo).not.toContain('script');
    campana = c.body.Id;
    const env = await demo.request('POST', `/api/comunicaciones/correos/enviar/${campana}`);
    expect(env.body.Encolados).toBe(aud.body.Total);
    const [n] = await q(
      'select count(*)::int as n from mk_mensajes where empresa_id = $1 and id_campana = $2 and estado = 0',
      [empresaId, campana],
    );
    expect(n.n).toBe(4);
    expect((await demo.request('POST', `/api/comunicaciones/correos/enviar/${campana}`)).status).toBe(400);
  });

  it('survives a crash mid-run without sending anyone twice, through the company SMTP server', async () => {
    const port = Number(new URL(sink.url).port);
    await configurarCifrado(
      { SmtpHost: '127.0.0.1', SmtpPuerto: port, SmtpUsuario: 'usuario', SmtpClave: 'clave-secreta' },
      'smtp_clave',
    );
    const s = companyDirectory(t.deps).scope(empresaId);
    const conf = (await q('select * from mk_config where empresa_id = $1', [empresaId]))[0];
    const real = transporteCorreo(
      {
        ...conf,
        SmtpHost: '127.0.0.1',
        SmtpPuerto: port,
        SmtpSeguro: false,
        SmtpUsuario: null,
        SmtpClave: null,
        Remitente: null,
      },
      { secret: 'x', remitente: 'Faro <no-responder@faro.test>' },
    );
    let enviados = 0;
    // The "process" dies right after handing the 2nd message to the SMTP server: its run never continues.
    const moribundo = {
      async enviar(e: Parameters<typeof real.enviar>[0]) {
        await real.enviar(e);
        enviados++;
        if (enviados === 2) await new Promise(() => {});
      },
    };
    const t0 = new Date();
    void procesarEmpresa(s, opciones(t0, { transportes: { email: moribundo } }));
    await expect.poll(() => sink.mails.length, { timeout: 10_000 }).toBe(2);
    // Restart after the lease: the message in flight is never retried, the others are sent once.
    const [ok] = await procesarEmpresa(
      s,
      opciones(new Date(t0.getTime() + LEASE_MS + 1000), { transportes: { email: real } }),
    );
    expect(ok).toBe(2);
    const destinos = sink.mails.flatMap((m) => m.to);
    expect(destinos.sort()).toEqual([
      'cliente1@ejemplo.test',
      'cliente2@ejemplo.test',
      'cliente3@ejemplo.test',
      'cliente4@ejemplo.test',
    ]);
    const inf = await demo.request('GET', `/api/comunicaciones/correos/edit/${campana}`);
    expect(inf.body.Informe).toMatchObject({ Encolados: 4, Enviados: 3, Fallidos: 1, Pendientes: 0 });
    expect(inf.body.Estado).toBe('enviada');
    const mail = sink.mails[0]!.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(mail).toMatch(/List-Unsubscribe: <http:\/\/faro\.test\/baja\/[\w.-]+>/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('unsubscribes by the signed link without login; forged links fail; unsubscribed contacts are never queued again', async () => {
    const raw = sink.mails.find((m) => m.to.includes('cliente1@ejemplo.test'))!.raw.replace(/\r\n[ \t]+/g, ' ');
    const url = /List-Unsubscribe: <http:\/\/faro\.test(\/baja\/[\w.-]+)>/.exec(raw)![1]!;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirmar la baja');
    const falsa = `${url.slice(0, -3)}${url.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await t.app.inject({ method: 'POST', url: falsa })).statusCode).toBe(400);
    const baja = await t.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(baja.statusCode).toBe(200);
    expect(baja.body).toContain('Te has dado de baja');
    const aud = await audiencia();
    expect(aud.body.Total).toBe(3);
    const c = await campanaAlSegmento('Segunda', 'Otra', '<p>Hola</p>');
    expect((await demo.request('POST', `/api/comunicaciones/correos/enviar/${c.body.Id}`)).body.Encolados).toBe(3);
  });

  it('counts openings through the optional signed pixel (first load only; forged pixels count nothing)', async () => {
    const c = await campanaAlSegmento('Con píxel', 'Medida', '<p>Hola {Nombre}</p>', { Pixel: true });
    expect(c.body.Pixel).toBe(true);
    await demo.request('POST', `/api/comunicaciones/correos/enviar/${c.body.Id}`);
    const conf = (await q('select * from mk_config where empresa_id = $1', [empresaId]))[0];
    // The sink takes no credentials: the company's server without them.
    const email = transporteCorreo(
      {
        ...conf,
        SmtpHost: '127.0.0.1',
        SmtpPuerto: Number(new URL(sink.url).port),
        SmtpSeguro: false,
        SmtpUsuario: null,
        SmtpClave: null,
        Remitente: null,
      },
      { secret: 'x', remitente: 'Faro <no-responder@faro.test>' },
    );
    const antes = sink.mails.length;
    const [ok] = await procesarEmpresa(
      companyDirectory(t.deps).scope(empresaId),
      opciones(new Date(Date.now() + 3_600_000), { transportes: { email } }),
    );
    expect(ok).toBe(6);
    await expect.poll(() => sink.mails.length, { timeout: 10_000 }).toBe(antes + 6);
    const nuevos = sink.mails.slice(antes).map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    const pixeles = nuevos.flatMap((m) => /http:\/\/faro\.test(\/abierto\/[\w.-]+\.gif)/.exec(m)?.[1] ?? []);
    // Only this campaign's 3 mails carry a pixel (the one without it sent 3 more in the same run).
    expect(pixeles).toHaveLength(3);
    const gif = await t.app.inject({ method: 'GET', url: pixeles[0]! });
    expect([gif.statusCode, gif.headers['content-type']]).toEqual([200, 'image/gif']);
    await t.app.inject({ method: 'GET', url: pixeles[0]! });
    const falsa = pixeles[1]!.replace(/\.(\d+)\.([\w-]{32})\.gif$/, (_m, id, sig) => `.${Number(id) + 1}.${sig}.gif`);
    expect((await t.app.inject({ method: 'GET', url: falsa })).statusCode).toBe(200);
    const inf = await demo.request('GET', `/api/comunicaciones/correos/edit/${c.body.Id}`);
    expect(inf.body.Informe).toMatchObject({ Enviados: 3, Abiertos: 1 });
  });
});

describe('SMS campaigns through an HTTP gateway', () => {
  it('sends with the encrypted credentials, replaces placeholders and retries a refused one with back-off', async () => {
    await configurarCifrado(
      { SmsUrl: gatewayUrl, SmsUsuario: 'faro', SmsClave: 'clave-sms', SmsRemitente: 'FARO' },
      'sms_clave',
    );
    const c = await demo.request('POST', '/api/comunicaciones/sms/save', {
      Nombre: 'SMS otoño',
      Cuerpo: 'Hola {Nombre}: 20 % de descuento',
      IdSegmentacion: segmento,
    });
    expect(c.status).toBe(201);
    expect((await demo.request('POST', `/api/comunicaciones/sms/enviar/${c.body.Id}`)).body.Encolados).toBe(3);
    // Only this campaign is due (the second e-mail campaign's rows leave the queue).
    await q("delete from mk_mensajes where empresa_id = $1 and canal = 'email' and estado = 0", [empresaId]);
    const ahora = new Date();
    const [ok, mal] = await procesarEmpresa(companyDirectory(t.deps).scope(empresaId), opciones(ahora));
    expect([ok, mal]).toEqual([2, 1]);
    expect(sms).toHaveLength(3);
    expect(sms[0]!.auth).toBe(`Basic ${Buffer.from('faro:clave-sms').toString('base64')}`);
    expect(sms[0]!.body.Texto).toMatch(/^Hola .+: 20 % de descuento$/);
    expect(sms[0]!.body.Texto).not.toContain('{Nombre}');
    const [fallo] = await q(
      'select estado, error, intentos, proximo_intento from mk_mensajes where empresa_id = $1 and destino = $2 and canal = $3',
      [empresaId, '600000003', 'sms'],
    );
    expect(fallo.estado).toBe(0);
    expect(fallo.error).toContain('503');
    expect(fallo.intentos).toBe(1);
    expect(new Date(fallo.proximo_intento).getTime()).toBeGreaterThan(ahora.getTime());
    // Nothing is due again before the back-off.
    expect(await procesarEmpresa(companyDirectory(t.deps).scope(empresaId), opciones(ahora))).toEqual([0, 0]);
  });
});
