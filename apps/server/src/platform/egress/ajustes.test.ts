import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crear } from '../../../test/datosDemo.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { MSG_SALIDA } from './destino.ts';

/**
 * SSRF through company settings: with the platform's allow-list empty, every setting that holds a destination
 * (SMS gateway, SMTP server, AUES, VeriFactu, TicketBAI) refuses loopback, the metadata service, the private LAN
 * and their disguises when saved (400 on the field, nothing stored), and a row stored before this check (or by
 * hand) still reaches nothing: the call is refused with the uniform message and the listener sees no connection.
 */

let t: TestApp;
let demo: Session;
let autoescuela: Session;
let espia: Server;
let conexiones = 0;
let puerto = 0;
const previa = process.env.FARO_DESTINOS_PERMITIDOS;
const q = (sql: string, p: unknown[] = []) => t.database.query<any>(sql, p);

beforeAll(async () => {
  process.env.FARO_DESTINOS_PERMITIDOS = '';
  espia = createServer((s) => {
    conexiones++;
    s.destroy();
  });
  await new Promise<void>((r) => espia.listen(0, '127.0.0.1', r));
  puerto = (espia.address() as { port: number }).port;
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  autoescuela = await t.as('autoescuela', 'AUTOESCUELA');
});
afterAll(async () => {
  if (previa === undefined) delete process.env.FARO_DESTINOS_PERMITIDOS;
  else process.env.FARO_DESTINOS_PERMITIDOS = previa;
  await new Promise<void>((r) => espia.close(() => r()));
  await t.close();
});

/** The same place written every way an attacker would try. */
const urls = () => [
  `https://127.0.0.1:${puerto}/`,
  `https://[::1]:${puerto}/`,
  `https://localhost:${puerto}/`,
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/',
  `https://2130706433:${puerto}/`,
  `https://0x7f.0.0.1:${puerto}/`,
  `https://[::ffff:127.0.0.1]:${puerto}/`,
  'https://metadata.internal/',
];
const hosts = [
  '127.0.0.1',
  '::1',
  '[::1]',
  'localhost',
  '169.254.169.254',
  '10.0.0.1',
  '2130706433',
  '::ffff:127.0.0.1',
];

function refused(r: { status: number; body: any }, campo: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.Mensaje).toBe('Revisa los errores del formulario');
  expect(r.body.Errores).toContainEqual({ Campo: campo, Mensaje: expect.stringMatching(/^La dirección|^El puerto/) });
}

/** A fiscal channel's settings (`ruta`) refuse every such destination on `Url`, and none is stored. */
async function destinoFiscalRechazado(s: Session, ruta: string, resto: Record<string, unknown>) {
  for (const url of urls()) refused(await s.request('PUT', ruta, { ...resto, Url: url }), 'Url');
  expect((await s.request('GET', ruta)).body.Url ?? null).toBeNull();
}

describe('saving a destination that is not a public host → 400 on the field, nothing stored', () => {
  it('the SMS gateway (https and http)', async () => {
    for (const url of [...urls(), `http://127.0.0.1:${puerto}/sms`, 'http://8.8.8.8/sms']) {
      refused(await demo.request('PUT', '/api/comunicaciones/correos/config', { SmsUrl: url }), 'SmsUrl');
    }
    expect((await demo.request('GET', '/api/comunicaciones/correos/config')).body.SmsUrl ?? null).toBeNull();
  });

  it('the SMTP server (host, and a port that is not a mail port)', async () => {
    for (const h of hosts) {
      refused(
        await demo.request('PUT', '/api/comunicaciones/correos/config', { SmtpHost: h, SmtpPuerto: 587 }),
        'SmtpHost',
      );
    }
    refused(
      await demo.request('PUT', '/api/comunicaciones/correos/config', { SmtpHost: '8.8.8.8', SmtpPuerto: 5432 }),
      'SmtpPuerto',
    );
    expect((await demo.request('GET', '/api/comunicaciones/correos/config')).body.SmtpHost ?? null).toBeNull();
  });

  it('the AUES service', async () => {
    for (const url of [...urls(), `http://127.0.0.1:${puerto}/aues/v1`]) {
      const r = await autoescuela.request('PUT', '/api/formacion/citasaues/config', {
        Url: url,
        Usuario: 'escuela01',
        Clave: 'secreto',
        CodigoAutoescuela: 'AE-46-0001',
      });
      refused(r, 'Url');
    }
    expect((await autoescuela.request('GET', '/api/formacion/citasaues/config')).body.Url).toBe('');
  });

  it('the VeriFactu destination', async () => {
    await destinoFiscalRechazado(demo, '/api/ventas/fventaverifactu/config', { Entorno: 'pruebas', EnvioAeat: false });
  });

  it('the TicketBAI / LROE destination', async () => {
    await q("update empresas set tipo_factura_electronica = 'tbai', tributacion = 'guipuzcoa' where codigo = 'DEMO'");
    const tbai = await t.as('demo', 'DEMO');
    await destinoFiscalRechazado(tbai, '/api/impuestos/lroefactemitidas/config', {
      Entorno: 'pruebas',
      EnvioReal: false,
    });
    await q(
      "update empresas set tipo_factura_electronica = 'verifactu', tributacion = 'peninsula' where codigo = 'DEMO'",
    );
  });
});

describe('a destination stored before the check is refused at connect, with the uniform message', () => {
  it('AUES: 502-class answer in Spanish, the listener sees no connection', async () => {
    const empresa = Number((await q("select id from empresas where codigo = 'AUTOESCUELA'"))[0].id);
    await q('update empresas set act_aues = true where id = $1', [empresa]);
    await q(
      `insert into aues_config (empresa_id, url, usuario, codigo_autoescuela, modificado) values ($1, $2, 'u', 'AE', now())
       on conflict (empresa_id) do update set url = excluded.url, usuario = excluded.usuario`,
      [empresa, `http://127.0.0.1:${puerto}/aues/v1`],
    );
    const alumno = await crear(autoescuela, '/api/formacion/alumnos/save', {
      Nombre: 'Ana',
      Apellidos: 'Salida',
      NIF: '10000009T',
      FechaNacimiento: '2000-01-01',
      Estado: 'activo',
    });
    const cita = await crear(autoescuela, '/api/formacion/citasaues/save', {
      Fecha: '2099-07-01',
      IdAlumno: alumno,
      TipoExamen: 'circulacion',
      Permiso: 'B',
      JefaturaTrafico: 'Valencia',
      Estado: 'solicitada',
    });
    const antes = conexiones;
    const r = await autoescuela.request('POST', `/api/formacion/citasaues/solicitar/${cita}`);
    expect(r.status).toBeGreaterThanOrEqual(500);
    expect(r.status).toBeLessThan(600);
    expect(r.body.Mensaje).toContain(MSG_SALIDA.conexion);
    expect(r.body.Mensaje).not.toMatch(/fetch failed|ECONN|127\.0\.0\.1/);
    expect(conexiones).toBe(antes);
  });
});
