import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RegistroAlta, RegistroAnulacion, RegistroFacturacion } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/pdfText.ts';
import { createTestApp, type Session, type TestApp } from '../../../../test/testApp.ts';
import { validarEnvioSoap } from '../../../../test/verifactu/xsd.ts';
import { companyScope } from '../../../platform/tenancy/scope.ts';
import { mensajeRegFactu } from '../../../verifactu/xml/mensaje.ts';
import { emitirALaVez } from '../../registrosFiscales/emisionConcurrente.testkit.ts';
import { emitirFactura } from '../documentos/emitir.ts';

/**
 * VeriFactu integrated with the sales cycle, on both engines: the alta on issue, the anulación on cancel, the
 * chain under 16 concurrent issuers, immutability through the API and SQL, the viewer, the XSD of the messages.
 */
let t: TestApp;
let demo: Session;
let empresaId: number;
let cliente: { Id: number; NIF: string };

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
  empresaId = Number(e!.id);
  const clientes = await demo.request('GET', '/api/ventas/clientes/list?TotalPagina=50');
  cliente = clientes.body.Items.find((c: { NIF: string | null }) => c.NIF);
});
afterAll(() => t.close());

const VF = '/api/ventas/fventaverifactu';

async function borrador(over: Record<string, unknown> = {}) {
  const res = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente.Id,
    Fecha: '2026-11-02',
    Lineas: [
      { Descripcion: 'Martillo', Cantidad: '2', Precio: '10.50', TipoIva: 'IVA21' },
      { Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
    ],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { Id: number };
}

async function emitida(over: Record<string, unknown> = {}) {
  const d = await borrador(over);
  const res = await demo.request('POST', `/api/ventas/fventa/emitir/${d.Id}`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { Id: number; NumSerie: string; Total: string; UrlQr: string };
}

async function registrosDe(idFactura: number) {
  const res = await demo.request('GET', `${VF}/factura/${idFactura}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Items as { Id: number; Clase: string; Estado: string; Huella: string; TipoFactura: string }[];
}

async function viewer(id: number) {
  const res = await demo.request('GET', `${VF}/edit/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('VeriFactu records of the sales cycle', () => {
  it('issuing creates the chained alta in the same transaction, with the QR URL on the invoice', async () => {
    const f = await emitida();
    const [alta, ...resto] = await registrosDe(f.Id);
    expect(resto).toEqual([]);
    expect(alta!.Clase).toBe('alta');
    expect(alta!.Estado).toBe('generado');
    expect(alta!.TipoFactura).toBe('F1');
    const v = await viewer(alta!.Id);
    const r = v.Registro as RegistroAlta;
    expect(r.IDFactura.NumSerieFactura).toBe(f.NumSerie);
    expect(r.IDFactura.FechaExpedicionFactura).toBe('02-11-2026');
    expect(r.IDFactura.IDEmisorFactura).toBe('B85626240');
    expect(r.ImporteTotal).toBe(f.Total);
    expect(r.Destinatarios?.[0]?.NIF).toBe(cliente.NIF.toUpperCase());
    // One DetalleDesglose per rate: 21 % and 10 %.
    expect(r.Desglose.map((d) => [d.TipoImpositivo, d.CalificacionOperacion, d.ClaveRegimen])).toEqual([
      ['21.00', 'S1', '01'],
      ['10.00', 'S1', '01'],
    ]);
    expect(r.SistemaInformatico.NumeroInstalacion).toBe(`FARO-${empresaId}`);
    expect(r.FechaHoraHusoGenRegistro).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(v.Cadena.Valida).toBe(true);
    expect(v.HuellaAnterior).toBe(v.Anterior?.Huella ?? null);
    expect(v.Xml).toContain(`<sum1:Huella>${r.Huella}</sum1:Huella>`);
    const url = new URL(f.UrlQr);
    expect(url.origin + url.pathname).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
    expect(url.searchParams.get('nif')).toBe('B85626240');
    expect(url.searchParams.get('numserie')).toBe(f.NumSerie);
    expect(url.searchParams.get('fecha')).toBe('02-11-2026');
    expect(url.searchParams.get('importe')).toBe(f.Total);
    const xml = await demo.request('GET', `${VF}/xml/${alta!.Id}`);
    expect(xml.status).toBe(200);
    expect(String(xml.headers['content-type'])).toContain('application/xml');
  });

  it('the invoice PDF prints the QR with its legends', async () => {
    const f = await emitida();
    const pdf = (id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/ventas/fventa/pdf/${id}`,
        headers: { authorization: `Bearer ${demo.token}` },
      });
    const res = await pdf(f.Id);
    expect(res.statusCode).toBe(200);
    const bytes = res.rawPayload;
    // Left for a manual check with pdftoppm + zbarimg (the QR decodes to the invoice's UrlQr).
    writeFileSync(join(tmpdir(), 'faro-verifactu-factura.pdf'), bytes);
    const { text } = pdfText(bytes);
    expect(text).toContain('QR tributario:');
    expect(text).toContain('VERI*FACTU');
    const borrador1 = await borrador();
    expect(pdfText((await pdf(borrador1.Id)).rawPayload).text).not.toContain('VERI*FACTU');
  });

  it('a rolled-back issue leaves neither invoice number nor record', async () => {
    const d = await borrador();
    const antes = await t.database.query<{ n: number }>(
      `select count(*)::int n from verifactu_registros where empresa_id = ${empresaId}`,
    );
    await expect(
      companyScope(t.database.db, { empresaId, personaId: null, userName: 'prueba' }).tx(async (tx) => {
        await emitirFactura(tx, d.Id);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const despues = await t.database.query<{ n: number }>(
      `select count(*)::int n from verifactu_registros where empresa_id = ${empresaId}`,
    );
    expect(Number(despues[0]!.n)).toBe(Number(antes[0]!.n));
  });

  it('cancelling creates a chained registro de anulación', async () => {
    const f = await emitida();
    const res = await demo.request('POST', `/api/ventas/fventa/anular/${f.Id}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [alta, anulacion] = await registrosDe(f.Id);
    expect(anulacion!.Clase).toBe('anulacion');
    const v = await viewer(anulacion!.Id);
    const r = v.Registro as RegistroAnulacion;
    expect(r.TipoOperacion).toBe('Anulacion');
    expect(r.IDFactura.NumSerieFacturaAnulada).toBe(f.NumSerie);
    expect(r.SinRegistroPrevio).toBeUndefined();
    expect(v.HuellaAnterior).toBe(alta!.Huella);
    expect(v.Cadena.Valida).toBe(true);
    // Still listed with its kind
    const list = await demo.request('GET', `${VF}/list?Filtros=${encodeURIComponent('{"Clase":"anulacion"}')}`);
    expect(list.body.Items.some((i: { Id: number }) => i.Id === anulacion!.Id)).toBe(true);
    expect(list.body.Items.every((i: { Clase: string }) => i.Clase === 'anulacion')).toBe(true);
  });

  it('simplified (F2) and corrective (R1, I) invoices carry their type and the rectified invoice', async () => {
    const ticket = await borrador({ Simplificada: true });
    const emision = await demo.request('POST', `/api/ventas/fventa/emitir/${ticket.Id}`, {});
    expect(emision.status, JSON.stringify(emision.body)).toBe(200);
    const [f2] = await registrosDe(ticket.Id);
    const r2 = (await viewer(f2!.Id)).Registro as RegistroAlta;
    expect(r2.TipoFactura).toBe('F2');
    expect(r2.Destinatarios).toBeUndefined();

    const original = await emitida();
    const series = await demo.request('GET', '/api/configuracion/series/list?TotalPagina=100');
    const conRect = series.body.Items.find((s: { IdSerieRectificativa: number | null }) => s.IdSerieRectificativa);
    if (!conRect) return expect.fail('DEMO needs a series with a corrective series');
    const orig = await emitida({ Serie: conRect.Id });
    const rect = await demo.request('POST', `/api/ventas/fventa/rectificar/${orig.Id}`, {
      TipoRectificativa: 'R1',
      Modo: 'I',
    });
    expect(rect.status, JSON.stringify(rect.body)).toBe(201);
    expect((await demo.request('POST', `/api/ventas/fventa/emitir/${rect.body.Id}`, {})).status).toBe(200);
    const [rr] = await registrosDe(rect.body.Id);
    const r = (await viewer(rr!.Id)).Registro as RegistroAlta;
    expect(r.TipoFactura).toBe('R1');
    expect(r.TipoRectificativa).toBe('I');
    expect(r.FacturasRectificadas).toEqual([
      { IDEmisorFactura: 'B85626240', NumSerieFactura: orig.NumSerie, FechaExpedicionFactura: '02-11-2026' },
    ]);
    expect(Number(r.ImporteTotal)).toBeLessThan(0);
    expect(original.Id).toBeGreaterThan(0);
  });

  it('records are immutable in SQL and no route changes them', async () => {
    const [row] = await t.database.query<{ id: number }>(
      `select id from verifactu_registros where empresa_id = ${empresaId} order by id limit 1`,
    );
    await expect(t.database.query(`update verifactu_registros set huella = 'X' where id = ${row!.id}`)).rejects.toThrow(
      'no se pueden modificar',
    );
    await expect(t.database.query(`delete from verifactu_registros where id = ${row!.id}`)).rejects.toThrow(
      'no se pueden modificar',
    );
    const writes = t.deps.routes.filter(
      (r) => r.url.startsWith(VF) && r.method !== 'GET' && !/enviar|subsanar|config|certificado/.test(r.url),
    );
    expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect((await demo.request('DELETE', `${VF}/delete/${row!.id}`)).status).toBe(404);
    expect((await demo.request('PUT', `${VF}/save/${row!.id}`, { Huella: 'X' })).status).toBe(404);
  });

  it('16 concurrent issuers never fork the chain; verificarCadena recomputes every hash', async () => {
    const drafts = [];
    for (let i = 0; i < 16; i++) drafts.push(await borrador({ Observaciones: `Concurrente ${i}` }));
    expect(
      await emitirALaVez(
        t,
        empresaId,
        drafts.map((d) => d.Id),
      ),
    ).toBe(13);
    const rows = await t.database.query<{ secuencia: number; huella: string; huella_anterior: string | null }>(
      `select secuencia, huella, huella_anterior from verifactu_registros where empresa_id = ${empresaId} order by secuencia`,
    );
    rows.forEach((r, i) => {
      expect(Number(r.secuencia)).toBe(i + 1);
      if (i > 0) expect(r.huella_anterior).toBe(rows[i - 1]!.huella);
    });
    // No two records share a predecessor (a fork).
    const anteriores = rows.map((r) => r.huella_anterior);
    expect(new Set(anteriores).size).toBe(anteriores.length);
    const check = await demo.request('GET', `${VF}/verificar`);
    expect(check.status).toBe(200);
    expect(check.body.Valida, JSON.stringify(check.body)).toBe(true);
    expect(check.body.Registros).toBe(rows.length);
  });

  it('verificarCadena reports a tampered record (triggers bypassed by the superuser)', async () => {
    const [row] = await t.database.query<{ id: number }>(
      `select id from verifactu_registros where empresa_id = ${empresaId} and clase = 'alta' order by id desc limit 1`,
    );
    await t.database.query('alter table verifactu_registros disable trigger verifactu_registros_inmutables');
    try {
      await t.database.query(
        `update verifactu_registros set registro = jsonb_set(registro, '{ImporteTotal}', '"1.00"') where id = ${row!.id}`,
      );
      const check = await demo.request('GET', `${VF}/verificar`);
      expect(check.body.Valida).toBe(false);
      expect(check.body.Cadenas[0].Incidencias[0].Id).toBe(Number(row!.id));
      expect(check.body.Cadenas[0].Incidencias[0].Mensaje).toContain('huella');
    } finally {
      await t.database.query(
        `update verifactu_registros set registro = jsonb_set(registro, '{ImporteTotal}', to_jsonb(importe_total)) where id = ${row!.id}`,
      );
      await t.database.query('alter table verifactu_registros enable trigger verifactu_registros_inmutables');
    }
    expect((await demo.request('GET', `${VF}/verificar`)).body.Valida).toBe(true);
  });

  it('the generated records make a RegFactuSistemaFacturacion valid against the AEAT XSD', async () => {
    const rows = await t.database.query<{ registro: RegistroFacturacion }>(
      `select registro from verifactu_registros where empresa_id = ${empresaId} order by id limit 1000`,
    );
    expect(rows.length).toBeGreaterThan(5);
    const xml = mensajeRegFactu(
      { ObligadoEmision: { NombreRazon: 'Ferretería Demo', NIF: 'B85626240' } },
      rows.map((r) => r.registro),
    );
    expect(await validarEnvioSoap(xml)).toEqual([]);
  });

  it('lists the queue with its columns and filters, and validates the filters', async () => {
    const res = await demo.request('GET', `${VF}/list?TotalPagina=5`);
    expect(res.status).toBe(200);
    expect(res.body.Total).toBeGreaterThan(5);
    expect(Object.keys(res.body.Items[0])).toEqual(
      expect.arrayContaining([
        'NumSerieFactura',
        'FechaExpedicionFactura',
        'TipoFactura',
        'CuotaTotal',
        'ImporteTotal',
        'Huella',
        'FechaHoraHusoGenRegistro',
        'Estado',
        'Clase',
      ]),
    );
    // Newest first by default; ascending only when asked for.
    const ids = (r: { body: { Items: { Id: number }[] } }) => r.body.Items.map((i) => i.Id);
    expect(ids(res)).toEqual([...ids(res)].sort((a, b) => b - a));
    const asc = await demo.request('GET', `${VF}/list?TotalPagina=5&Descendente=false`);
    expect(ids(asc)).toEqual([...ids(asc)].sort((a, b) => a - b));
    expect(ids(asc)[0]).toBeLessThan(ids(res)[0]!);
    const bad = await demo.request('GET', `${VF}/list?Filtros=${encodeURIComponent('{"Estado":"raro"}')}`);
    expect(bad.status).toBe(400);
    const gen = await demo.request('GET', `${VF}/list?Filtros=${encodeURIComponent('{"Estado":"generado"}')}`);
    expect(gen.body.Items.every((i: { Estado: string }) => i.Estado === 'generado')).toBe(true);
  });

  it('configuration: defaults, validation, saved values; sending needs a destination', async () => {
    const cfg = await demo.request('GET', `${VF}/config`);
    expect(cfg.status).toBe(200);
    expect(cfg.body.Entorno).toBe('pruebas');
    expect(cfg.body.Certificado).toBeNull();
    const enviar = await demo.request('POST', `${VF}/enviar`, {});
    expect(enviar.status).toBe(400);
    expect(enviar.body.Mensaje).toContain('destino');
    const mal = await demo.request('PUT', `${VF}/config`, { Entorno: 'pruebas', EnvioAeat: false, Url: 'ftp://x' });
    expect(mal.status).toBe(400);
    const ok = await demo.request('PUT', `${VF}/config`, {
      Entorno: 'pruebas',
      EnvioAeat: true,
      IdSistemaInformatico: 'FX',
      Version: '2.0',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.Destino).toContain('prewww1.aeat.es');
    expect(ok.body.IdSistemaInformatico).toBe('FX');
    const sinCert = await demo.request('POST', `${VF}/enviar`, {});
    expect(sinCert.status).toBe(400);
    expect(sinCert.body.Mensaje).toContain('certificado');
    const f = await emitida();
    const [alta] = await registrosDe(f.Id);
    expect(((await viewer(alta!.Id)).Registro as RegistroAlta).SistemaInformatico.Version).toBe('2.0');
    await demo.request('PUT', `${VF}/config`, { Entorno: 'pruebas', EnvioAeat: false });
  });

  it('a company without VeriFactu gets no records and no access to the queue', async () => {
    await t.database.query(`update empresas set tipo_factura_electronica = '' where id = ${empresaId}`);
    try {
      const f = await emitida();
      expect(f.UrlQr).toBeNull();
      const [n] = await t.database.query<{ n: number }>(
        `select count(*)::int n from verifactu_registros where id_documento = ${f.Id} and empresa_id = ${empresaId}`,
      );
      expect(Number(n!.n)).toBe(0);
      expect((await demo.request('GET', `${VF}/list`)).status).toBe(403);
    } finally {
      await t.database.query(`update empresas set tipo_factura_electronica = 'verifactu' where id = ${empresaId}`);
    }
  });
});
