import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identificadorTbaiValido } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { MSG_SALIDA } from '../../platform/egress/destino.ts';
import { textoDelPdf } from '../../platform/http/respuesta.testkit.ts';
import { type CertificadosTbai, generarCertificadosTbai } from '../../ticketbai/simulador/certificados.ts';
import { iniciarSimuladorTbai, type SimuladorTbai } from '../../ticketbai/simulador/simulador.ts';
import { validarTbai } from '../../ticketbai/xsd.ts';
import { multipartCertificado as multipart } from '../registrosFiscales/certificado.testkit.ts';
import { emitirALaVez } from '../registrosFiscales/emisionConcurrente.testkit.ts';

/**
 * TicketBAI in the sales cycle, on both engines: issuing a Gipuzkoa invoice creates its signed, chained file in the
 * same transaction (refused without a certificate), the PDF prints the identifier and the QR, 16 concurrent
 * issuers never fork the chain, files are immutable in SQL, the queue sends to the mTLS simulator (Gipuzkoa
 * TicketBAI, then Bizkaia through the LROE), a cancellation moves the alta to anulado, a transport failure backs
 * off with a Spanish message. Fixed invoice dates.
 */
let t: TestApp;
let demo: Session;
let empresaId: number;
let cliente: number;
let certs: CertificadosTbai;
let sim: SimuladorTbai;
let dir: string;
const E = '/api/impuestos/lroefactemitidas';

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
  empresaId = Number(e!.id);
  await t.database.query(
    `update empresas set tipo_factura_electronica = 'tbai', tributacion = 'guipuzcoa' where id = ${empresaId}`,
  );
  const clientes = await demo.request('GET', '/api/ventas/clientes/list?TotalPagina=50');
  cliente = clientes.body.Items.find((c: { NIF: string | null }) => c.NIF).Id;
  certs = generarCertificadosTbai({ nif: 'B85626240' });
  sim = await iniciarSimuladorTbai({ certificados: certs });
  process.env.FARO_TICKETBAI_CA = certs.ca;
  dir = mkdtempSync(join(tmpdir(), 'faro-tbai-int-'));
  writeFileSync(join(dir, 'ca.pem'), certs.ca);
});
afterAll(async () => {
  await sim?.cerrar();
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function borrador(observaciones = 'Venta TicketBAI') {
  const d = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: '2026-03-02',
    Observaciones: observaciones,
    Lineas: [
      { Descripcion: 'Martillo', Cantidad: '2', Precio: '10.50', TipoIva: 'IVA21' },
      { Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
    ],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  return d.body.Id as number;
}

async function emitir(observaciones?: string) {
  const id = await borrador(observaciones);
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${id}`, {});
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return e.body as { Id: number; NumSerie: string; Total: string };
}

function xmlsecOk(xml: string): boolean {
  const f = join(dir, `v${randomBytes(4).toString('hex')}.xml`);
  writeFileSync(f, xml);
  try {
    execFileSync('xmlsec1', ['--verify', '--trusted-pem', join(dir, 'ca.pem'), f], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

describe('TicketBAI in the sales cycle', () => {
  it('without a certificate the invoice is not issued (Spanish message, nothing half-written)', async () => {
    const id = await borrador();
    const res = await demo.request('POST', `/api/ventas/fventa/emitir/${id}`, {});
    expect(res.status).toBe(400);
    expect(res.body.message ?? res.body.error ?? JSON.stringify(res.body)).toContain('certificado');
    const doc = await demo.request('GET', `/api/ventas/fventa/edit/${id}`);
    expect(doc.body.Numero ?? null).toBeNull();
    const [n] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from ticketbai_registros where empresa_id = ${empresaId}`,
    );
    expect(Number(n!.n)).toBe(0);
  });

  it('certificate upload (wrong password refused) and configuration to the simulator', async () => {
    const mal = multipart({ Password: 'otra' }, { nombre: 'empresa.p12', bytes: certs.cliente.pfx });
    expect((await demo.request('POST', `${E}/certificado`, mal.body, mal.headers)).status).toBe(400);
    const m = multipart({ Password: certs.cliente.passphrase }, { nombre: 'empresa.p12', bytes: certs.cliente.pfx });
    const up = await demo.request('POST', `${E}/certificado`, m.body, m.headers);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.Certificado.Nombre).toBe('empresa.p12');
    const bad = await demo.request('PUT', `${E}/config`, { Entorno: 'pruebas', EnvioReal: false, Url: 'http://x' });
    expect(bad.status).toBe(400);
    const cfg = await demo.request('PUT', `${E}/config`, { Entorno: 'pruebas', EnvioReal: false, Url: sim.url });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    expect(cfg.body).toMatchObject({ Provincia: 'gipuzkoa', Destino: sim.url });
  });

  it('issuing creates the signed file: XSD-valid, xmlsec1 verifies, identifier and QR; the PDF prints them', async () => {
    const f = await emitir();
    const lista = await demo.request('GET', `${E}/factura/${f.Id}`);
    expect(lista.status).toBe(200);
    const [alta] = lista.body.Items;
    expect(alta).toMatchObject({ Clase: 'alta', Estado: 'generado', Provincia: 'gipuzkoa', Fecha: '2026-03-02' });
    expect(identificadorTbaiValido(alta.Identificador)).toBe(true);
    expect(alta.Identificador).toMatch(/^TBAI-B85626240-020326-/);
    const url = new URL(alta.UrlQr);
    expect(url.origin + url.pathname).toBe('https://tbai.prep.gipuzkoa.eus/qr/');
    expect(url.searchParams.get('id')).toBe(alta.Identificador);
    expect(url.searchParams.get('i')).toBe(f.Total);
    const v = await demo.request('GET', `${E}/edit/${alta.Id}`);
    expect(v.status).toBe(200);
    expect(v.body.Cadena.Valida).toBe(true);
    expect(v.body.Politica).toBe('https://www.gipuzkoa.eus/ticketbai/sinadura');
    expect(await validarTbai(v.body.Xml, 'alta')).toEqual([]);
    expect(xmlsecOk(v.body.Xml)).toBe(true);
    const text = await textoDelPdf(t, demo, `/api/ventas/fventa/pdf/${f.Id}`);
    expect(text).toContain(alta.Identificador);
    expect(text).toContain('TicketBAI');
    expect(text).not.toContain('VERI*FACTU');
  });

  it('16 concurrent issuers never fork the chain (each file carries the previous signature)', async () => {
    const drafts: number[] = [];
    for (let i = 0; i < 16; i++) drafts.push(await borrador(`Concurrente ${i}`));
    expect(await emitirALaVez(t, empresaId, drafts)).toBe(13);
    const filas = await t.database.query<{ secuencia: number; signature_value: string; firma_anterior: string | null }>(
      `select secuencia, signature_value, firma_anterior from ticketbai_registros
        where empresa_id = ${empresaId} and clase = 'alta' order by secuencia`,
    );
    expect(filas).toHaveLength(14);
    filas.forEach((f, i) => {
      expect(Number(f.secuencia)).toBe(i + 1);
      expect(f.firma_anterior).toBe(i === 0 ? null : filas[i - 1]!.signature_value.slice(0, 100));
    });
  });

  it('files are immutable in SQL', async () => {
    await expect(
      t.database.query(`update ticketbai_registros set numero = 'X' where empresa_id = ${empresaId}`),
    ).rejects.toThrow(/no se pueden modificar/);
    await expect(t.database.query(`delete from ticketbai_registros where empresa_id = ${empresaId}`)).rejects.toThrow(
      /no se pueden modificar/,
    );
  });

  it('the queue sends every file in chain order to the simulator (mTLS) and it accepts them', async () => {
    const res = await demo.request('POST', `${E}/enviar`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ Enviados: 14, Aceptados: 14, Rechazados: 0, Error: null });
    expect(sim.recibidos.every((r) => r.aceptado && r.ruta === '/alta')).toBe(true);
    const est = await demo.request('GET', `${E}/estado`);
    expect(est.body.Cuentas).toMatchObject({ enviado: 14, generado: 0 });
    const lista = await demo.request('GET', `${E}/list?Filtros=${encodeURIComponent('{"Estado":"enviado"}')}`);
    expect(lista.status).toBe(200);
    expect(lista.body.Total).toBe(14);
    expect(lista.body.Items[0].NumeroRegistro).toMatch(/^SIM-/);
  });

  it('cancelling an invoice creates its signed AnulaTicketBai; once accepted the alta is anulado', async () => {
    const f = await emitir();
    expect((await demo.request('POST', `/api/ventas/fventa/anular/${f.Id}`, {})).status).toBe(200);
    const items = (await demo.request('GET', `${E}/factura/${f.Id}`)).body.Items;
    expect(items.map((x: { Clase: string }) => x.Clase)).toEqual(['alta', 'anulacion']);
    const v = await demo.request('GET', `${E}/edit/${items[1].Id}`);
    expect(await validarTbai(v.body.Xml, 'anulacion')).toEqual([]);
    expect(xmlsecOk(v.body.Xml)).toBe(true);
    const res = await demo.request('POST', `${E}/enviar`, {});
    expect(res.body).toMatchObject({ Enviados: 2, Aceptados: 2 });
    const despues = (await demo.request('GET', `${E}/factura/${f.Id}`)).body.Items;
    expect(despues.map((x: { Estado: string }) => x.Estado)).toEqual(['anulado', 'enviado']);
  });

  it('a transport failure keeps the file generado with back-off and a Spanish message', async () => {
    await emitir();
    await demo.request('PUT', `${E}/config`, { Entorno: 'pruebas', EnvioReal: false, Url: 'https://127.0.0.1:1' });
    const res = await demo.request('POST', `${E}/enviar`, {});
    expect(res.status).toBe(200);
    expect(res.body.Error).toContain(MSG_SALIDA.conexion);
    expect(res.body.Error).not.toMatch(/ECONN|fetch failed/);
    const [fila] = (await demo.request('GET', `${E}/list?Filtros=${encodeURIComponent('{"Estado":"generado"}')}`)).body
      .Items;
    expect(fila.Intentos).toBe(1);
    expect(fila.DescripcionError).toMatch(/Se reintentará/);
    await demo.request('PUT', `${E}/config`, { Entorno: 'pruebas', EnvioReal: false, Url: sim.url });
  });

  it('the chain check recomputes every series: issued files hold; a wrong first link and a gap are named', async () => {
    const ok = await demo.request('GET', `${E}/verificar`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.Valida).toBe(true);
    const [altas] = await t.database.query<{ n: number }>(
      `select count(*)::int n from ticketbai_registros where empresa_id = ${empresaId} and clase = 'alta'`,
    );
    expect(ok.body.Registros).toBe(Number(altas!.n));
    // Files can be added in SQL behind the engine's back (never changed): a series whose first file chains to
    // something and whose second is missing.
    for (const [secuencia, firmaAnterior] of [
      [1, 'otra firma'],
      [3, 'firma-2'],
    ] as const) {
      await t.database.query(
        `insert into ticketbai_registros (empresa_id, clase, provincia, serie, numero, fecha, secuencia,
           signature_value, firma_anterior, xml) values ($1, 'alta', 'gipuzkoa', 'ZZ-', $2, '2026-03-02', $3, $4, $5, 'x')`,
        [empresaId, String(secuencia), secuencia, `firma-${secuencia}`, firmaAnterior],
      );
    }
    const mal = await demo.request('GET', `${E}/verificar`);
    expect(mal.body.Valida).toBe(false);
    const zz = mal.body.Cadenas.find((c: { Instalacion: string }) => c.Instalacion === 'ZZ-');
    expect(zz).toMatchObject({ Registros: 2, Valida: false });
    expect(zz.Incidencias.map((i: { Mensaje: string }) => i.Mensaje)).toEqual([
      'El primer fichero de la serie no debe encadenarse',
      'Falta el fichero anterior de la serie',
    ]);
    expect(mal.body.Cadenas.filter((c: { Instalacion: string }) => c.Instalacion !== 'ZZ-').length).toBeGreaterThan(0);
    expect(
      mal.body.Cadenas.every((c: { Instalacion: string; Valida: boolean }) => c.Valida === (c.Instalacion !== 'ZZ-')),
    ).toBe(true);
  });

  it('Bizkaia: the file travels inside a LROE petition; received invoices list; other companies are refused', async () => {
    await t.database.query(
      `update empresas set tipo_factura_electronica = 'lroe', tributacion = 'vizcaya' where id = ${empresaId}`,
    );
    const f = await emitir();
    const [alta] = (await demo.request('GET', `${E}/factura/${f.Id}`)).body.Items;
    expect(alta.UrlQr.startsWith('https://batuz.eus/QRTBAI/?id=')).toBe(true);
    const res = await demo.request('POST', `${E}/enviar`, {});
    expect(res.body).toMatchObject({ Aceptados: 2, Rechazados: 0 });
    expect(sim.recibidos.at(-1)!.ruta).toBe('/N3B4000M/aurkezpena');
    const v = await demo.request('GET', `${E}/edit/${alta.Id}`);
    expect(v.body.Politica).toContain('batuz.eus');
    expect(v.body.Estado).toBe('enviado');
    const rec = await demo.request('GET', '/api/impuestos/lroefactrecibidas/list');
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    expect(Array.isArray(rec.body.Items)).toBe(true);
    await t.database.query(
      `update empresas set tipo_factura_electronica = 'verifactu', tributacion = 'peninsula' where id = ${empresaId}`,
    );
    expect((await demo.request('GET', `${E}/list`)).status).toBe(400);
    expect((await demo.request('GET', '/api/impuestos/lroefactrecibidas/list')).status).toBe(400);
  });
});
