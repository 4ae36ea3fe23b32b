import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crear } from '../../../../test/datosDemo.ts';
import { mailText, startSmtpSink } from '../../../../test/smtpSink.ts';
import { createTestApp, type Session, type TestApp } from '../../../../test/testApp.ts';
import { rellenar } from '../../documentos/envio.ts';

/** E-mailing sales documents through a real SMTP server: template, placeholders, PDF attached. */
let t: TestApp;
let demo: Session;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let cliente: number;
let factura: Record<string, any>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpUrl: smtp.url });
  demo = await t.as('demo', 'DEMO');
  cliente = await crear(demo, '/api/ventas/clientes/save', {
    Nombre: 'Cliente del correo',
    NIF: '00000031P',
    Email: 'facturas@cliente-correo.es',
  });
  const d = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: '2026-05-04',
    Lineas: [{ Descripcion: 'Taladro', Cantidad: '1', Precio: '100', TipoIva: 'IVA21' }],
  });
  factura = (await demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`)).body;
  expect(factura.NumSerie).toBeTruthy();
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const ultimo = (to: string) => smtp.mails.filter((m) => m.to.includes(to)).at(-1);

describe('POST /api/ventas/{tipo}/enviar/{id}', () => {
  it('mails an issued invoice to the customer with the invoice template and the PDF attached', async () => {
    const res = await demo.request('POST', `/api/ventas/fventa/enviar/${factura.Id}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Para).toBe('facturas@cliente-correo.es');
    const mail = ultimo('facturas@cliente-correo.es');
    expect(mail).toBeTruthy();
    const raw = mailText(mail!.raw);
    // Demo template "Envío de factura": Asunto 'Factura {Documento}', body with {Nombre} and {Importe}.
    expect(res.body.Asunto).toBe(`Factura ${factura.NumSerie}`);
    expect(raw).toContain('Hola Cliente del correo:');
    expect(raw).toContain('121,00');
    expect(raw).not.toContain('{Nombre}');
    expect(raw).toMatch(/Content-Type: application\/pdf/i);
    expect(raw).toContain(`filename=factura-${factura.NumSerie.replace(/[^\w.-]/g, '_')}.pdf`);
    expect(raw).toContain('JVBERi0'); // "%PDF-" in base64
  });

  it('uses Para, Asunto and Mensaje of the body with {{placeholders}}', async () => {
    const res = await demo.request('POST', `/api/ventas/fventa/enviar/${factura.Id}`, {
      Para: 'otra@empresa.es; copia@empresa.es',
      Asunto: 'Su factura {{numero}} de {{empresa}}',
      Mensaje: 'Estimado {{cliente}}, total {{total}}, vence {{vencimiento}}. {{desconocido}}',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = ultimo('otra@empresa.es');
    expect(mail!.to).toEqual(['otra@empresa.es', 'copia@empresa.es']);
    const raw = mailText(mail!.raw);
    expect(res.body.Asunto).toMatch(new RegExp(`^Su factura ${factura.NumSerie} de .+`));
    expect(raw).toContain('Estimado Cliente del correo, total 121,00');
    expect(raw).toContain(`vence ${factura.Vencimientos[0].Fecha.split('-').reverse().join('/')}`);
    expect(raw).toContain('{{desconocido}}');
  });

  it('sends quotes too, and refuses drafts, bad addresses, unknown templates and customers without e-mail', async () => {
    const q = await demo.request('POST', '/api/ventas/pventa/save', {
      Cliente: cliente,
      Fecha: '2026-05-05',
      Lineas: [{ Descripcion: 'Reforma', Cantidad: '1', Precio: '500', TipoIva: 'IVA21' }],
    });
    const sent = await demo.request('POST', `/api/ventas/pventa/enviar/${q.body.Id}`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.Asunto).toBe(`Presupuesto ${q.body.NumSerie ?? q.body.Id}`);
    const before = smtp.mails.length;
    const draft = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: cliente,
      Fecha: '2026-05-06',
      Lineas: [{ Descripcion: 'x', Cantidad: '1', Precio: '1', TipoIva: 'IVA21' }],
    });
    const r1 = await demo.request('POST', `/api/ventas/fventa/enviar/${draft.body.Id}`, {});
    expect(r1.status).toBe(400);
    expect(r1.body.Mensaje).toBe('Emite la factura antes de enviarla');
    const r2 = await demo.request('POST', `/api/ventas/fventa/enviar/${factura.Id}`, { Para: 'no-es-un-correo' });
    expect(r2.body.Errores[0]).toEqual({ Campo: 'Para', Mensaje: 'La dirección de email no es válida' });
    const r3 = await demo.request('POST', `/api/ventas/fventa/enviar/${factura.Id}`, { IdPlantilla: 999999 });
    expect(r3.body.Errores[0].Campo).toBe('IdPlantilla');
    const sinEmail = await demo.request('POST', '/api/ventas/clientes/save', {
      Nombre: 'Sin correo',
      NIF: '00000040V',
    });
    const q2 = await demo.request('POST', '/api/ventas/pventa/save', {
      Cliente: sinEmail.body.Id,
      Fecha: '2026-05-06',
      Lineas: [{ Descripcion: 'x', Cantidad: '1', Precio: '1', TipoIva: 'IVA21' }],
    });
    const r4 = await demo.request('POST', `/api/ventas/pventa/enviar/${q2.body.Id}`, {});
    expect(r4.status).toBe(400);
    expect(r4.body.Errores[0].Mensaje).toBe('El cliente no tiene email: indica la dirección en «Para»');
    expect(smtp.mails.length).toBe(before);
  });
});

describe('without SMTP', () => {
  it('leaves the mail and its PDF in the outbox', async () => {
    const local = await createTestApp();
    try {
      const s = await local.as('demo', 'DEMO');
      const [f] = await local.database.query<{ id: number }>(
        `select d.id from documentos_venta d join empresas e on e.id = d.empresa_id
          where e.codigo = 'DEMO' and d.tipo = 'factura' and d.numero is not null and d.estado <> 'Anulada'
          order by d.id limit 1`,
      );
      const res = await s.request('POST', `/api/ventas/fventa/enviar/${f!.id}`, { Para: 'buzon@cliente.es' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = await local.database.query<{
        para: string;
        enviado: unknown;
        nombre: string;
        tipo: string;
        n: number;
      }>(
        `select c.para, c.enviado, a.nombre, a.tipo, length(a.contenido)::int as n
           from correos_salida c join correos_salida_adjuntos a on a.correo_id = c.id where c.para = 'buzon@cliente.es'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ enviado: null, nombre: res.body.Adjunto, tipo: 'application/pdf' });
      expect(rows[0]!.n).toBeGreaterThan(1000);
    } finally {
      await local.close();
    }
  });
});

describe('template helpers', () => {
  it('fills both placeholder styles', () => {
    expect(
      rellenar('{Nombre} {{ CLIENTE }} {Importe} {{numero}}', { cliente: 'Ana', total: '1 €', numero: 'F1' }),
    ).toBe('Ana Ana 1 € F1');
  });
});
