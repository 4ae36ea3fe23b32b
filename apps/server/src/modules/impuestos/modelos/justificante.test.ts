import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../../test/multipart.ts';
import { createTestApp, type Session, type TestApp } from '../../../../test/testApp.ts';
import { MSG_JUSTIFICANTE } from './justificante.ts';

/**
 * The AEAT's receipt PDF of a return: attached to the draft just before «Marcar como presentado», kept in the
 * document manager with origin `modelos` (ImptoEmit reads it), downloadable from the return and flagged on the
 * fiscal calendar's row; anything but a PDF of ≤ 5 MB is a Spanish 400 and leaves nothing stored.
 */
let t: TestApp;
let demo: Session;
let empresaId = 0;
const B = '/api/impuestos/modtributarios';
const PDF = Buffer.from('%PDF-1.7\n%justificante AEAT\n%%EOF\n');

const subir = (id: number, bytes: Buffer, nombre = 'justificante.pdf') => {
  const m = multipartFile(nombre, bytes, 'application/pdf');
  return demo.request('POST', `${B}/justificante/${id}`, m.body, m.headers);
};
const bajar = (id: number) =>
  t.app.inject({ method: 'GET', url: `${B}/justificante/${id}`, headers: { authorization: `Bearer ${demo.token}` } });
const ficherosModelos = async () =>
  Number(
    (
      await t.database.query<{ n: number }>(
        "select count(*)::int as n from gd_ficheros where empresa_id = $1 and origen = 'modelos'",
        [empresaId],
      )
    )[0]!.n,
  );
const guardar = async (ruta: string) => {
  const g = await demo.request('POST', `${B}/guardar/${ruta}`, {});
  expect(g.status, JSON.stringify(g.body)).toBe(201);
  return g.body.Id as number;
};
const presentar = (id: number) =>
  demo.request('POST', `${B}/presentar/${id}`, { FechaPresentacion: '2024-04-18', Justificante: 'ABCD1234EFGH5678' });

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  empresaId = Number(
    (await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'", []))[0]!.id,
  );
}, 120_000);
afterAll(() => t.close());

describe('the filing receipt PDF of a tax return', () => {
  it('attached to the draft, kept after filing: the return and the calendar row say so and it downloads as sent', async () => {
    const id = await guardar('111/2023/1T');
    expect((await bajar(id)).statusCode).toBe(404);
    expect((await bajar(id)).json().Mensaje).toBe(MSG_JUSTIFICANTE.sinPdf);
    const borrador = await subir(id, Buffer.from('%PDF-1.4\n%primer intento\n'));
    expect(borrador.status, JSON.stringify(borrador.body)).toBe(201);
    // A draft's receipt is replaced (a second try before filing): one file stays.
    expect((await subir(id, PDF, 'Justificante 111.pdf')).status).toBe(201);
    expect(await ficherosModelos()).toBe(1);
    expect((await presentar(id)).status).toBe(200);
    const lista = await demo.request('GET', `${B}/presentados/list?Modelo=111&Anyo=2023`);
    expect(lista.body.Items.map((r: { Id: number; JustificantePdf: boolean }) => [r.Id, r.JustificantePdf])).toEqual([
      [id, true],
    ]);
    const res = await bajar(id);
    expect([res.statusCode, res.headers['content-type'], res.rawPayload.equals(PDF)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    expect(res.headers['content-disposition']).toContain('Justificante 111.pdf');
    const calendario = await demo.request('GET', '/api/impuestos/calendario?Anyo=2023');
    const fila = calendario.body.Items.find(
      (l: { Modelo: string; Periodo: string }) => l.Modelo === '111' && l.Periodo === '1T',
    );
    expect([fila?.IdDeclaracion, fila?.Justificante, fila?.JustificantePdf]).toEqual([id, 'ABCD1234EFGH5678', true]);
    // Filed with its receipt: it is not replaced any more.
    const otra = await subir(id, PDF);
    expect([otra.status, otra.body.Mensaje]).toEqual([409, MSG_JUSTIFICANTE.yaTiene]);
  });

  it('a return filed without it takes it later, once', async () => {
    const id = await guardar('111/2023/2T');
    expect((await presentar(id)).status).toBe(200);
    expect((await subir(id, PDF)).status).toBe(201);
    expect((await subir(id, PDF)).status).toBe(409);
  });

  it('anything but a PDF, an empty or a too large file is a Spanish 400 and nothing is stored', async () => {
    const id = await guardar('111/2023/3T');
    const antes = await ficherosModelos();
    const png = await subir(id, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(16)]), 'x.pdf');
    expect([png.status, png.body.Mensaje]).toEqual([400, MSG_JUSTIFICANTE.soloPdf]);
    const grande = await subir(id, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]));
    expect(grande.status).toBe(400);
    expect(grande.body.Mensaje).toMatch(/demasiado grande/);
    const vacio = await subir(id, Buffer.alloc(0));
    expect(vacio.status).toBe(400);
    const sinFichero = await demo.request('POST', `${B}/justificante/${id}`, {});
    expect(sinFichero.status).toBe(400);
    expect(await ficherosModelos()).toBe(antes);
    const lista = await demo.request('GET', `${B}/presentados/list?Modelo=111&Anyo=2023`);
    expect(lista.body.Items.find((r: { Id: number }) => r.Id === id).JustificantePdf).toBe(false);
  });

  it('an unknown return is a 404, before any byte is read', async () => {
    const r = await subir(999_999_999, PDF);
    expect(r.status).toBe(404);
    expect((await bajar(999_999_999)).statusCode).toBe(404);
  });
});
