import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crear, idEmpresa } from '../../../../test/datosDemo.ts';
import { TEST_SECRET } from '../../../../test/testApp.ts';
import { valoresCertificado } from '../../registrosFiscales/certificado.ts';
import { clienteEfactura, emitirFactura, enviosDe } from '../envio/envio.testkit.ts';
import { MSG_FACTURAE_EMPRESA } from '../facturae/cargar.ts';
import { verificarFacturae } from '../facturae/firma.ts';
import { validarXsdFacturae } from '../facturae/validador.ts';
import { MSG_EFACTURA } from '../rutas.ts';
import { generarCertificadosFace } from './certificados.ts';
import { iniciarSimuladorFace, type SimuladorFace } from './simulador.ts';

/**
 * An invoice to a public body through FACe, on both engines: the signed Facturae download, the customer's FACe
 * channel queuing the issued invoice, the queue sending it to the local FACe (schema, XAdES-EPES and DIR3 checked
 * there, registry number back), and FACe's statuses (accounted, paid, rejected with its reason) polled back onto
 * the invoice's send.
 */
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
const DIR3 = { Dir3OficinaContable: 'L01281965', Dir3OrganoGestor: 'L01281966', Dir3UnidadTramitadora: 'L01281967' };
let sim: SimuladorFace;
let empresaId = 0;
let idCliente = 0;

const facturae = (id: number) => demo.request('GET', `/api/ventas/fventa/facturae/${id}`);
const consultar = () => demo.request('POST', '/api/ventas/fventaefactura/face/consultar', {});
async function enviadaAFace(precio: string) {
  const id = await emitirFactura(demo, idCliente, precio);
  const r = await demo.request('POST', '/api/ventas/fventaefactura/enviar', {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [envio] = (await enviosDe(demo, id)).filter((e) => e.Canal === 'face');
  expect(envio, JSON.stringify(await enviosDe(demo, id))).toMatchObject({ Estado: 'enviado' });
  return { id, numero: envio!.NumeroRegistro as string };
}
const envioFace = async (id: number) => (await enviosDe(demo, id)).find((e) => e.Canal === 'face')!;

afterAll(() => sim?.cerrar());
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  sim = await iniciarSimuladorFace();
  const cfg = await demo.request('PUT', '/api/ventas/fventaefactura/config', {
    CanalDefecto: 'pdf_email',
    UrlFace: sim.url,
  });
  expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
  await t.database.query(`update empresas set email = 'facturacion@demo.example' where id = $1`, [empresaId]);
  const c = await clienteEfactura(demo, 'P2807900B', {
    Nombre: 'Ayuntamiento de prueba',
    CanalEfactura: 'face',
    ...DIR3,
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  idCliente = c.body.Id;
}, 300_000);

describe('FACe for public bodies', () => {
  it('without the company’s certificate the Facturae is refused in Spanish and nothing goes', async () => {
    const id = await emitirFactura(demo, idCliente);
    const r = await facturae(id);
    expect(r.status).toBe(400);
    expect(r.body.Mensaje).toBe(MSG_FACTURAE_EMPRESA.sinCertificado);
    await demo.request('POST', '/api/ventas/fventaefactura/enviar', {});
    expect(await envioFace(id)).toMatchObject({ Estado: 'generado', NumeroRegistro: null });
    expect(sim.facturas()).toEqual([]);
  });

  describe('with the company’s certificate', () => {
    beforeAll(async () => {
      const certs = generarCertificadosFace();
      const v = valoresCertificado(TEST_SECRET, certs.cliente.pfx, certs.cliente.passphrase, 'empresa.p12');
      await t.database.query(
        `insert into verifactu_config (empresa_id, certificado, certificado_clave, certificado_nombre, certificado_subido)
           values ($1, $2, $3, $4, $5)
           on conflict (empresa_id) do update set certificado = excluded.certificado,
             certificado_clave = excluded.certificado_clave, certificado_nombre = excluded.certificado_nombre`,
        [empresaId, v.certificado, v.certificadoClave, v.certificadoNombre, v.certificadoSubido],
      );
    });

    it('serves an issued invoice as signed Facturae 3.2.2 with the DIR3 units; a draft is refused', async () => {
      const id = await emitirFactura(demo, idCliente, '250');
      const r = await facturae(id);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(r.headers['content-disposition']).toMatch(/^attachment; filename="factura-[\w.-]+\.xsig"$/);
      const xml = r.body as string;
      expect(await validarXsdFacturae(xml)).toEqual([]);
      expect(verificarFacturae(xml)).toMatchObject({ valida: true });
      expect(xml).toContain('<CentreCode>L01281966</CentreCode><RoleTypeCode>02</RoleTypeCode>');
      expect(xml).toContain('<TaxIdentificationNumber>P2807900B</TaxIdentificationNumber>');
      const borrador = await crear(demo, '/api/ventas/fventa/save', {
        Cliente: idCliente,
        Fecha: '2026-03-02',
        Lineas: [{ Descripcion: 'Servicio', Cantidad: '1', Precio: '10', TipoIva: 'IVA21' }],
      });
      const b = await facturae(borrador);
      expect(b.status).toBe(409);
      expect(b.body.Mensaje).toBe(MSG_EFACTURA.borrador);
      expect((await facturae(987_654_321)).status).toBe(404);
    });

    it('sends the issued invoice to FACe, which registers it; accounted and paid come back onto the invoice', async () => {
      const { id, numero } = await enviadaAFace('300');
      const registrada = sim.facturas().find((f) => f.numeroRegistro === numero);
      expect(registrada).toMatchObject({ oficinaContable: 'L01281965', correo: 'facturacion@demo.example' });
      sim.cambiarEstado(numero, '2400');
      const c1 = await consultar();
      expect(c1.status, JSON.stringify(c1.body)).toBe(200);
      expect(c1.body.Actualizadas).toBeGreaterThanOrEqual(1);
      expect(await envioFace(id)).toMatchObject({ EstadoCliente: 'contabilizada' });
      sim.cambiarEstado(numero, '2500');
      await consultar();
      const pagada = await envioFace(id);
      expect(pagada).toMatchObject({ EstadoCliente: 'pagada' });
      expect(pagada.FechaEstadoCliente).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A paid invoice is not asked again.
      const antes = (await consultar()).body.Consultadas as number;
      sim.cambiarEstado(numero, '2600', 'no debería verse');
      await consultar();
      expect(await envioFace(id)).toMatchObject({ EstadoCliente: 'pagada' });
      expect(antes).toBe((await consultar()).body.Consultadas);
    });

    it('brings a rejection back with the public body’s reason', async () => {
      const { id, numero } = await enviadaAFace('120');
      sim.cambiarEstado(numero, '2600', 'Falta el número de expediente de contratación');
      await consultar();
      expect(await envioFace(id)).toMatchObject({
        EstadoCliente: 'rechazada',
        MotivoEstadoCliente: 'Falta el número de expediente de contratación',
      });
    });
  });
});
