import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/smtpSink.ts';
import { createTestApp, type Session, TEST_SECRET, type TestApp } from '../../../test/testApp.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { type OpcionesCola, procesarEmpresa } from '../comunicaciones/cola.ts';
import type { Transporte } from '../comunicaciones/transportes.ts';
import { encolarAvisos } from './avisos.ts';

/**
 * Notices to students (confavisos) on the DEMO AUTOESCUELA, on fixed days of 2099: exam date by e-mail,
 * class reminder by SMS, fee due by e-mail — queued into the marketing queue and sent by it to a local SMTP sink
 * (and a capturing SMS gateway); each fact is notified once, whatever runs again; a student without a destination
 * is notified once they have one.
 */
let t: TestApp;
let oficina: Session;
let s: Scope;
let empresaId = 0;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const sms: { para: string; texto: string }[] = [];
const q = (sql: string, p: unknown[] = []) => t.database.query<any>(sql, p);
const id = { a: 0, b: 0, c: 0, profe: 0 };
const HOY = '2099-05-10';

const opciones = (): OpcionesCola => ({
  secret: TEST_SECRET,
  smtpUrl: sink.url,
  remitente: 'Autoescuela <no-responder@faro.test>',
  publicUrl: 'http://faro.test',
  ahora: () => new Date('2099-05-10T08:00:00Z'),
  transportes: {
    sms: {
      async enviar(e) {
        sms.push({ para: e.para, texto: e.texto });
      },
    } satisfies Transporte,
  },
});

beforeAll(async () => {
  t = await createTestApp();
  oficina = await t.as('autoescuela', 'AUTOESCUELA');
  empresaId = Number((await q("select id from empresas where codigo = 'AUTOESCUELA'"))[0].id);
  s = companyDirectory(t.deps).scope(empresaId);
  sink = await startSmtpSink();
  // Only this test's notice settings are active.
  await q('update confavisos set baja = true where empresa_id = $1', [empresaId]);
  await q('delete from mk_config where empresa_id = $1', [empresaId]);
  const alumno = async (Nombre: string, NIF: string, Email: string | null, Telefono: string | null) => {
    const r = await oficina.request('POST', '/api/formacion/alumnos/save', {
      Nombre,
      Apellidos: 'Aviso',
      NIF,
      FechaNacimiento: '2000-01-01',
      Estado: 'activo',
      Email,
      Telefono,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return Number(r.body.Id);
  };
  id.a = await alumno('Alba', '10000011W', 'alba@ejemplo.test', '600111222');
  id.b = await alumno('Blas', '10000012A', 'blas@ejemplo.test', null);
  id.c = await alumno('Ciro', '10000013G', null, null);
  id.profe = Number(
    (await q('select id from profesores where empresa_id = $1 order by id limit 1', [empresaId]))[0].id,
  );
  const aviso = async (Evento: string, Canal: string, DiasAntes: number, Texto: string) => {
    const r = await oficina.request('POST', '/api/formacion/confavisos/save', { Evento, Canal, DiasAntes, Texto });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  };
  await aviso('examen', 'email', 2, 'Hola {Nombre}: tu examen {Tipo} es el {Fecha} en la Jefatura de {Jefatura}.');
  await aviso('clase', 'sms', 1, 'Clase el {Fecha} a las {Hora} en {Recogida}.');
  await aviso('tasa', 'email', 7, '{Nombre}, paga la tasa de {Importe} antes del examen del {Fecha}.');
  for (const a of [id.a, id.b, id.c]) {
    await q(
      `insert into calexamenes (empresa_id, fecha, tipo_examen, permiso, jefatura_trafico, id_alumno, asistencia)
       values ($1, '2099-05-12', 'teorico', 'B', 'Valencia', $2, 'c')`,
      [empresaId, a],
    );
  }
  for (const [a, hora] of [
    [id.a, '10:00'],
    [id.a, '12:00'],
    [id.b, '10:00'],
  ] as const) {
    await q(
      `insert into clases_practicas (empresa_id, id_profesor, id_alumno, fecha, hora, minutos, estado, consumo, recogida)
       values ($1, $2, $3, '2099-05-11', $4, 45, 'reservada', 's', 'Plaza de España')`,
      [empresaId, id.profe, a, hora],
    );
  }
  await q(
    `insert into tasasdgt (empresa_id, tipo, anio, importe, justificante, id_alumno, consumo, fecha)
     values ($1, 'permiso', 2099, 94.05, 'AVISO-1', $2, 's', '2099-04-01')`,
    [empresaId, id.a],
  );
});
afterAll(async () => {
  await sink.stop();
  await t.close();
});

describe('notices to students through the marketing queue', () => {
  it('queues one message per student and setting, and none without a destination', async () => {
    const r = await encolarAvisos(s, HOY);
    expect(r).toEqual({ Encolados: 4, Hechos: 5, SinDestino: 2 });
    const campanas = await q(
      "select nombre, canal, estado from mk_campanas where empresa_id = $1 and nombre like 'Aviso:%' order by id",
      [empresaId],
    );
    expect(campanas).toEqual([
      { nombre: 'Aviso: Fecha de examen (10/05/2099)', canal: 'email', estado: 'enviando' },
      { nombre: 'Aviso: Recordatorio de clase (10/05/2099)', canal: 'sms', estado: 'enviando' },
      { nombre: 'Aviso: Tasa pendiente de pago (10/05/2099)', canal: 'email', estado: 'enviando' },
    ]);
  });

  it('never queues a fact twice', async () => {
    expect(await encolarAvisos(s, HOY)).toEqual({ Encolados: 0, Hechos: 0, SinDestino: 2 });
  });

  it('sends them: e-mails to the SMTP sink and one SMS with both classes', async () => {
    const [ok, mal] = await procesarEmpresa(s, opciones());
    expect([ok, mal]).toEqual([4, 0]);
    await expect.poll(() => sink.mails.length, { timeout: 10_000 }).toBe(3);
    const para = sink.mails.map((m) => m.to.join(',')).sort();
    expect(para).toEqual(['alba@ejemplo.test', 'alba@ejemplo.test', 'blas@ejemplo.test']);
    const todo = sink.mails.map((m) => m.raw.replace(/=\r?\n/g, '').replace(/\r\n[ \t]+/g, ' ')).join('\n');
    expect(todo).toContain('Hola Blas: tu examen te=C3=B3rico es el 12/05/2099 en la Jefatura de Valencia.');
    expect(todo).toContain('Alba, paga la tasa de 94,05 =E2=82=AC antes del examen del 12/05/2099.');
    expect(sms).toEqual([
      {
        para: '600111222',
        texto:
          'Clase el 11/05/2099 a las 10:00 en Plaza de España.\nClase el 11/05/2099 a las 12:00 en Plaza de España.',
      },
    ]);
    // Sending again sends nothing.
    expect(await procesarEmpresa(s, opciones())).toEqual([0, 0]);
    expect(sink.mails).toHaveLength(3);
  });

  it('notifies a student once they have an e-mail, and only that fact', async () => {
    await q('update alumnos set email = $1 where empresa_id = $2 and id = $3', ['ciro@ejemplo.test', empresaId, id.c]);
    expect(await encolarAvisos(s, HOY)).toEqual({ Encolados: 1, Hechos: 1, SinDestino: 1 });
    expect(await procesarEmpresa(s, opciones())).toEqual([1, 0]);
    await expect.poll(() => sink.mails.length, { timeout: 10_000 }).toBe(4);
    expect(sink.mails[3]!.to).toEqual(['ciro@ejemplo.test']);
    const [n] = await q(
      "select count(*)::int n from avisos_autoescuela where empresa_id = $1 and clave like 'examen:%'",
      [empresaId],
    );
    expect(n.n).toBe(3);
  });

  it('queues today’s notices on demand (ConfEmpresa)', async () => {
    const r = await oficina.request('POST', '/api/formacion/confavisos/enviar');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['Encolados', 'Hechos', 'SinDestino']);
  });
});
