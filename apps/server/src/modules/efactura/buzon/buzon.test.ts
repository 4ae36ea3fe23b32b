import { facturaUbl } from '@faro/domain';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASOS_FACTURA } from '../../../../../../packages/domain/src/efactura/efactura.testkit.ts';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { tokenDeDireccion } from './buzon.ts';
import { RUTA_BUZON } from './rutas.ts';
import { iniciarBuzonEfactura, MSG_SMTP } from './servidorSmtp.ts';

/**
 * The per-company e-invoice mailbox, spoken to as a supplier's mail server would: a real SMTP client (nodemailer)
 * delivering to the listener on 127.0.0.1.
 */
const DOMINIO = 'facturas.faro.test';
const MAX = 200_000;
const t = appDePruebas({ buzonEfactura: { dominio: DOMINIO, puerto: 0, host: '127.0.0.1', maxBytes: MAX } });
const demo = t.sesion('demo', 'DEMO');
const academia = t.sesion('academia', 'ACADEMIA');

let buzon: { puerto: number; cerrar(): Promise<void> };
beforeAll(async () => {
  buzon = await iniciarBuzonEfactura(t.deps, { dominio: DOMINIO, puerto: 0, host: '127.0.0.1', maxBytes: MAX });
});
afterAll(() => buzon?.cerrar());

const enviar = (mensaje: Record<string, unknown>) =>
  createTransport({ host: '127.0.0.1', port: buzon.puerto, secure: false, ignoreTLS: true }).sendMail({
    from: 'Facturación Proveedor <facturas@proveedor.example>',
    ...mensaje,
  });
const filas = async <T>(sql: string) => t.database.query<T>(sql);
const cuenta = async (tabla: string) =>
  Number((await filas<{ n: number }>(`select count(*)::int as n from ${tabla}`))[0]!.n);
const direccion = async (s: typeof demo) => (await s.request('GET', RUTA_BUZON)).body.Direccion as string;

describe('the e-invoice mailbox', () => {
  it('gives each company its own unguessable address, and a new one on rotating', async () => {
    const a = await direccion(demo);
    expect(a).toMatch(/^facturas\+[a-z2-7]{26}@facturas\.faro\.test$/);
    expect(await direccion(demo)).toBe(a);
    expect(await direccion(academia)).not.toBe(a);
    const rotada = await academia.request('POST', `${RUTA_BUZON}/rotar`);
    expect(rotada.status).toBe(200);
    expect(rotada.body.Direccion).not.toBe(await direccion(demo));
    expect(tokenDeDireccion(a.toUpperCase(), DOMINIO)).toBe(tokenDeDireccion(a, DOMINIO));
    expect(tokenDeDireccion(a.replace(DOMINIO, 'otro.test'), DOMINIO)).toBeNull();
  });

  it('turns the XML of a PDF+XML mail into a draft with the sender and subject kept, and tells the company', async () => {
    const [docs, avisos] = [await cuenta('documentos_compra'), await cuenta('crm_avisos')];
    const xml = facturaUbl({ ...CASOS_FACTURA.general!, Numero: 'BUZON-1' });
    const info = await enviar({
      to: await direccion(demo),
      subject: 'Factura BUZON-1',
      text: 'Adjuntamos la factura de marzo.',
      attachments: [
        { filename: 'BUZON-1.pdf', content: Buffer.from('%PDF-1.7 copia legible'), contentType: 'application/pdf' },
        { filename: 'BUZON-1.xml', content: xml, contentType: 'application/xml' },
      ],
    });
    expect(info.accepted).toHaveLength(1);
    expect(await cuenta('documentos_compra')).toBe(docs + 1);
    const [correo] = await filas<{ remitente: string; asunto: string; texto: string; resultados: unknown }>(
      `select remitente, asunto, texto, resultados from efactura_correos order by id desc limit 1`,
    );
    expect(correo).toMatchObject({ remitente: 'facturas@proveedor.example', asunto: 'Factura BUZON-1' });
    expect(correo!.texto).toContain('Adjuntamos la factura de marzo.');
    const [resultado] = correo!.resultados as { Fichero: string; IdDocumento: number; Error: null }[];
    expect(resultado).toMatchObject({ Fichero: 'BUZON-1.xml', Error: null });
    const d = (await demo.request('GET', `/api/compras/fcompra/edit/${resultado!.IdDocumento}`)).body;
    expect(d).toMatchObject({ NumFacturaProveedor: 'BUZON-1', Estado: 'Provisional' });
    expect(d.Lineas).toHaveLength(CASOS_FACTURA.general!.Lineas.length);
    expect(d.Observaciones).toContain('Recibida por correo de facturas@proveedor.example («Factura BUZON-1»)');
    expect(d.Adjunto).toMatchObject({ Nombre: 'BUZON-1.xml', Tipo: 'xml' });
    const [recibida] = await filas<{ origen: string; formato: string }>(
      `select origen, formato from efactura_recibidas where id_documento = ${Number(resultado!.IdDocumento)}`,
    );
    expect(recibida).toEqual({ origen: 'correo', formato: 'UBL' });
    expect(await cuenta('crm_avisos')).toBe(avisos + 1);
    const bandeja = await demo.request('GET', `${RUTA_BUZON}/correos`);
    expect(bandeja.body.Items[0]).toMatchObject({ Remitente: 'facturas@proveedor.example', Asunto: 'Factura BUZON-1' });
    // The other company's mailbox never shows it.
    expect(JSON.stringify((await academia.request('GET', `${RUTA_BUZON}/correos`)).body)).not.toContain('BUZON-1');
  });

  it('keeps a mail whose attachment is no e-invoice, with the reason, and books nothing', async () => {
    const docs = await cuenta('documentos_compra');
    await enviar({
      to: await direccion(demo),
      subject: 'Pedido',
      attachments: [{ filename: 'pedido.xml', content: '<Order xmlns="urn:x"/>', contentType: 'text/xml' }],
    });
    expect(await cuenta('documentos_compra')).toBe(docs);
    const [correo] = await filas<{ resultados: { Error: string }[] }>(
      `select resultados from efactura_correos order by id desc limit 1`,
    );
    expect(correo!.resultados[0]!.Error).toBe(
      'El XML no es una factura electrónica UBL, CII ni Facturae (su elemento raíz es Order)',
    );
  });

  it('refuses an unknown address or a rotated one before the message, and one over the size limit', async () => {
    const [docs, correos] = [await cuenta('documentos_compra'), await cuenta('efactura_correos')];
    const vieja = await direccion(academia);
    await academia.request('POST', `${RUTA_BUZON}/rotar`);
    for (const to of [`facturas+${'a'.repeat(26)}@${DOMINIO}`, vieja, 'alguien@otro.example'])
      await expect(enviar({ to, subject: 'x', text: 'x' })).rejects.toThrow(/550/);
    await expect(enviar({ to: vieja, subject: 'x', text: 'x' })).rejects.toThrow(MSG_SMTP.desconocida);
    const grande = Buffer.alloc(MAX + 1000, 'a');
    await expect(
      enviar({ to: await direccion(demo), subject: 'grande', attachments: [{ filename: 'g.xml', content: grande }] }),
    ).rejects.toThrow(/552/);
    expect(await cuenta('documentos_compra')).toBe(docs);
    expect(await cuenta('efactura_correos')).toBe(correos);
  });
});
