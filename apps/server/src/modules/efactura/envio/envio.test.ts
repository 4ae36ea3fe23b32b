import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG_CANAL_EFACTURA } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crearClienteSpfe } from '../spfe/clienteSpfe.ts';
import { iniciarSimuladorSpfe, type SimuladorSpfe } from '../spfe/simuladorSpfe.ts';
import { asegurarSef } from '../validador.ts';
import { clienteEfactura, emitirFactura, enviosDe } from './envio.testkit.ts';

/** The customer's channel, the sending queue to the simulated SPFE, and the customer's reported status coming back. */
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
let spfe: SimuladorSpfe;
let idCliente = 0;

beforeAll(async () => {
  await asegurarSef();
  spfe = await iniciarSimuladorSpfe();
  const cfg = await demo.request('PUT', '/api/ventas/fventaefactura/config', {
    CanalDefecto: 'pdf_email',
    UrlSpfe: spfe.url,
  });
  expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
  const c = await clienteEfactura(demo, '00000023T', { CanalEfactura: 'spfe' });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  idCliente = c.body.Id;
}, 300_000);
afterAll(() => spfe?.cerrar());

describe('the customer’s e-invoice channel', () => {
  it('checks DIR3 units for FACe and the Peppol id for Peppol, in Spanish', async () => {
    const sinDir3 = await clienteEfactura(demo, '00000024R', { CanalEfactura: 'face', Dir3OficinaContable: 'L0128' });
    expect(sinDir3.status).toBe(400);
    const errores = Object.fromEntries(
      sinDir3.body.Errores.map((e: { Campo: string; Mensaje: string }) => [e.Campo, e.Mensaje]),
    );
    expect(errores).toMatchObject({
      Dir3OficinaContable: MSG_CANAL_EFACTURA.dir3,
      Dir3OrganoGestor: MSG_CANAL_EFACTURA.dir3Obligatorio,
      Dir3UnidadTramitadora: MSG_CANAL_EFACTURA.dir3Obligatorio,
    });
    const peppol = await clienteEfactura(demo, '00000024R', { CanalEfactura: 'peppol', PeppolId: 'ES12345' });
    expect(peppol.status).toBe(400);
    expect(peppol.body.Errores).toEqual([{ Campo: 'PeppolId', Mensaje: MSG_CANAL_EFACTURA.peppol }]);
    const bien = await clienteEfactura(demo, '00000024R', {
      CanalEfactura: 'face',
      Dir3OficinaContable: 'L01281965',
      Dir3OrganoGestor: 'L01281965',
      Dir3UnidadTramitadora: 'EA0008537',
    });
    expect(bien.status, JSON.stringify(bien.body)).toBe(201);
  });

  it('refuses a settings URL that is not one, and an unknown default channel', async () => {
    const r = await demo.request('PUT', '/api/ventas/fventaefactura/config', {
      CanalDefecto: 'fax',
      UrlSpfe: 'no es url',
    });
    expect(r.status).toBe(400);
    expect(r.body.Errores.map((e: { Campo: string }) => e.Campo).sort()).toEqual(['CanalDefecto', 'UrlSpfe']);
  });
});

describe('the sending queue', () => {
  it('queues an issued invoice on its customer’s channel, sends it to the SPFE with the PDF and brings back “paid”', async () => {
    const id = await emitirFactura(demo, idCliente);
    const [pendiente] = await enviosDe(demo, id);
    expect(pendiente).toMatchObject({ Canal: 'spfe', Estado: 'generado', EstadoCliente: null });

    const r = await demo.request('POST', '/api/ventas/fventaefactura/enviar', {});
    expect(r.status).toBe(200);
    expect(r.body.Enviados).toBeGreaterThanOrEqual(1);
    const [enviado] = await enviosDe(demo, id);
    expect(enviado).toMatchObject({ Estado: 'enviado', ConPdf: true });
    const registrada = spfe.facturas().find((f) => f.idRegistro === enviado!.NumeroRegistro)!;
    expect(registrada.nifReceptor).toBe('00000023T');
    expect(registrada.pdfBytes).toBeGreaterThan(1000);
    expect(registrada.ubl).toContain('<cbc:CustomizationID>');

    // The customer reports payment through its own platform; the issuer's query brings it back.
    const receptor = crearClienteSpfe({ url: spfe.url });
    const aviso = await receptor.comunicarEstados([
      {
        referencia: 'r1',
        idRegistro: registrada.idRegistro,
        nifEmisor: registrada.nifEmisor,
        nifReceptor: registrada.nifReceptor,
        numero: registrada.numero,
        fechaExpedicion: registrada.fechaExpedicion,
        estado: 'pagada',
        fecha: '2026-03-20',
        importe: '121.00',
      },
    ]);
    expect(aviso).toEqual({ tipo: 'ok', resultado: [{ referencia: 'r1', aceptado: true }] });
    const consulta = await demo.request('POST', '/api/ventas/fventaefactura/consultar', {});
    expect(consulta.body).toMatchObject({ Actualizadas: 1 });
    const [pagada] = await enviosDe(demo, id);
    expect(pagada).toMatchObject({ EstadoCliente: 'pagada', FechaEstadoCliente: '2026-03-20' });
  });

  it('retries after the SPFE is down, and a bad invoice is rejected alone without holding the others', async () => {
    const id = await emitirFactura(demo, idCliente, '50');
    spfe.fallar(1);
    await demo.request('POST', '/api/ventas/fventaefactura/enviar', {});
    const [caido] = await enviosDe(demo, id);
    expect(caido).toMatchObject({ Estado: 'generado', Intentos: 1 });
    expect(caido!.DescripcionError).toMatch(/SPFE no está disponible/);
    const reintento = await demo.request('POST', `/api/ventas/fventaefactura/reintentar/${caido!.Id}`, {});
    expect(reintento.status).toBe(200);
    expect((await enviosDe(demo, id))[0]).toMatchObject({ Estado: 'enviado' });

    // A queue row whose invoice does not exist cannot be built: it is rejected by itself, queued before a good one.
    const [e] = await t.database.query<{ empresa_id: number }>(
      'select empresa_id from efactura_envios where id_documento = $1',
      [id],
    );
    await t.database.query(
      `insert into efactura_envios (empresa_id, id_documento, canal) values ($1, 987654321, 'spfe')`,
      [e!.empresa_id],
    );
    const otra = await emitirFactura(demo, idCliente, '70');
    const r = await demo.request('POST', '/api/ventas/fventaefactura/enviar', {});
    expect(r.body).toMatchObject({ Enviados: 2, Rechazados: 1 });
    expect((await enviosDe(demo, otra))[0]).toMatchObject({ Estado: 'enviado' });
    const [mala] = await t.database.query<{ estado: string; descripcion_error: string }>(
      'select estado, descripcion_error from efactura_envios where id_documento = 987654321',
    );
    expect(mala!.estado).toBe('rechazado');
    expect((await demo.request('POST', '/api/ventas/fventaefactura/reintentar/987654321', {})).status).toBe(404);
  });

  it('follows the company’s default for a customer without a channel, and never mails the PDF by itself', async () => {
    const sinCanal = await clienteEfactura(demo, '00000025W', {});
    expect(sinCanal.status, JSON.stringify(sinCanal.body)).toBe(201);
    const porPdf = await emitirFactura(demo, sinCanal.body.Id);
    expect(await enviosDe(demo, porPdf)).toEqual([]);

    const cfg = { CanalDefecto: 'email_xml', UrlSpfe: spfe.url };
    expect((await demo.request('PUT', '/api/ventas/fventaefactura/config', cfg)).status).toBe(200);
    const porXml = await emitirFactura(demo, sinCanal.body.Id);
    expect((await enviosDe(demo, porXml))[0]).toMatchObject({ Canal: 'email_xml', Estado: 'generado' });
    await demo.request('POST', '/api/ventas/fventaefactura/enviar', {});
    expect((await enviosDe(demo, porXml))[0]).toMatchObject({ Estado: 'enviado', ConPdf: true });
    const adjuntos = await t.database.query<{ nombre: string; tipo: string }>(
      `select a.nombre, a.tipo from correos_salida_adjuntos a join correos_salida c on c.id = a.correo_id
        where c.para = 'compras@cliente.example' order by a.correo_id desc, a.orden limit 2`,
    );
    expect(adjuntos.map((a) => a.tipo)).toEqual(['application/xml', 'application/pdf']);
    await demo.request('PUT', '/api/ventas/fventaefactura/config', { ...cfg, CanalDefecto: 'pdf_email' });
  });

  it('hands a Peppol customer’s UBL to the company’s access point (Faro is not one) and keeps its message id', async () => {
    const recibidos: { Receptor: string; Documento: string }[] = [];
    const punto = createServer((req, res) => {
      let cuerpo = '';
      req.on('data', (b) => {
        cuerpo += b;
      });
      req.on('end', () => {
        recibidos.push(JSON.parse(cuerpo));
        res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ Id: 'AP-1' }));
      });
    });
    await new Promise<void>((r) => punto.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(punto.address() as AddressInfo).port}/ap`;
      const cfg = { CanalDefecto: 'pdf_email', UrlSpfe: spfe.url, UrlPeppol: url };
      expect((await demo.request('PUT', '/api/ventas/fventaefactura/config', cfg)).status).toBe(200);
      const c = await clienteEfactura(demo, '00000026A', { CanalEfactura: 'peppol', PeppolId: '9920:ES00000026A' });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      const id = await emitirFactura(demo, c.body.Id);
      await demo.request('POST', '/api/ventas/fventaefactura/enviar', {});
      expect((await enviosDe(demo, id))[0]).toMatchObject({
        Canal: 'peppol',
        Estado: 'enviado',
        NumeroRegistro: 'AP-1',
      });
      expect(recibidos.map((r) => r.Receptor)).toEqual(['9920:ES00000026A']);
      expect(Buffer.from(recibidos[0]!.Documento, 'base64').toString('utf8')).toContain('<cbc:CustomizationID>');
    } finally {
      await new Promise<void>((r) => punto.close(() => r()));
    }
  });
});
