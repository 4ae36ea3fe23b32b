import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FacturaElectronica, facturaFacturae } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASOS_FACTURA, CLIENTE_PRUEBA } from '../../../../../../packages/domain/src/efactura/efactura.testkit.ts';
import { type ClaveFirma, claveDePkcs12 } from '../../../registrosFiscales/xades.ts';
import { facturaeFirmada } from '../facturae/firma.ts';
import { generarCertificadosFace } from './certificados.ts';
import { type ClienteFace, crearClienteFace } from './cliente.ts';
import { leerPeticion, operacion, sobreFirmado } from './protocolo.ts';
import { ERRORES_SIMULADOR_FACE, iniciarSimuladorFace, type SimuladorFace } from './simulador.ts';

/**
 * FACe's providers' web service end to end on loopback: Faro's client (WS-Security signed SOAP through the egress
 * door) against the local simulator, which validates the Facturae (schema, XAdES-EPES signature, DIR3 units),
 * registers it and moves it through FACe's statuses on command.
 */
const DIR3 = { OficinaContable: 'EA0008537', OrganoGestor: 'EA0008538', UnidadTramitadora: 'EA0008539' };
const INSTANTE = new Date('2026-03-02T09:30:00Z');

let sim: SimuladorFace;
let clave: ClaveFirma;
let face: ClienteFace;
let numero = 0;

/** A signed Facturae of a fresh invoice number (the simulator refuses duplicates). */
function firmada(f: FacturaElectronica = CASOS_FACTURA.general!, dir3: typeof DIR3 | null = DIR3): string {
  return facturaeFirmada({ ...f, Numero: `FP-${++numero}` }, { Dir3: dir3 }, clave, INSTANTE);
}
const enviar = (facturae: string) => face.enviarFactura({ correo: 'facturas@faro.test', nombre: 'f.xsig', facturae });

beforeAll(async () => {
  const certs = generarCertificadosFace();
  clave = claveDePkcs12(certs.cliente.pfx, certs.cliente.passphrase);
  sim = await iniciarSimuladorFace({ ca: certs.ca });
  face = crearClienteFace({ url: sim.url, clave });
});
afterAll(() => sim.cerrar());

describe('FACe client against the local simulator', () => {
  it('registers a signed Facturae (1200) and follows it to accounted and paid', async () => {
    const r = await enviar(firmada());
    expect(r.tipo).toBe('ok');
    if (r.tipo !== 'ok') return;
    expect(r.resultado).toMatchObject({
      oficinaContable: 'EA0008537',
      organoGestor: 'EA0008538',
      unidadTramitadora: 'EA0008539',
      identificadorEmisor: 'B12345674',
      numeroFactura: String(numero),
      serieFactura: 'FP-',
    });
    const n = r.resultado.numeroRegistro;
    expect(n).toMatch(/^\d{12}$/);
    expect(sim.facturas().find((f) => f.numeroRegistro === n)?.correo).toBe('facturas@faro.test');
    const uno = await face.consultarFactura(n);
    expect(uno).toMatchObject({ tipo: 'ok', resultado: { numeroRegistro: n, tramitacion: { codigo: '1200' } } });
    expect(uno.tipo === 'ok' && uno.resultado.anulacion.codigo).toBe('4100');
    for (const codigo of ['1300', '2400', '2500']) {
      sim.cambiarEstado(n, codigo);
      const l = await face.consultarListadoFacturas([n]);
      expect(l.tipo === 'ok' && l.resultado[0]?.tramitacion.codigo).toBe(codigo);
    }
    const pagada = await face.consultarFactura(n);
    expect(pagada.tipo === 'ok' && pagada.resultado.tramitacion.descripcion).toBe('Factura pagada');
  });

  it('brings a rejection’s reason back, and answers an unknown number per item of a list', async () => {
    const r = await enviar(firmada());
    if (r.tipo !== 'ok') throw new Error(JSON.stringify(r));
    sim.cambiarEstado(r.resultado.numeroRegistro, '2600', 'Falta el número de expediente');
    const l = await face.consultarListadoFacturas([r.resultado.numeroRegistro, '209900000000']);
    expect(l.tipo).toBe('ok');
    if (l.tipo !== 'ok') return;
    expect(l.resultado[0]).toMatchObject({
      codigo: '0',
      tramitacion: { codigo: '2600', motivo: 'Falta el número de expediente' },
    });
    expect(l.resultado[1]).toMatchObject({ codigo: '303', numeroRegistro: '209900000000' });
    expect(await face.consultarFactura('209900000000')).toMatchObject({ tipo: 'rechazo', codigo: '303' });
  });

  it('refuses a duplicate, an unsigned or tampered file, a schema error and missing DIR3 units', async () => {
    const xml = firmada();
    expect((await enviar(xml)).tipo).toBe('ok');
    expect(await enviar(xml)).toMatchObject({ tipo: 'rechazo', codigo: ERRORES_SIMULADOR_FACE.duplicada[0] });
    const sinFirma = facturaFacturae({ ...CASOS_FACTURA.general!, Numero: 'FP-X1' }, { Dir3: DIR3 });
    expect(await enviar(sinFirma)).toMatchObject({ tipo: 'rechazo', codigo: ERRORES_SIMULADOR_FACE.firma[0] });
    const tocada = firmada().replace(/<InvoiceTotal>[^<]+</, '<InvoiceTotal>1.00<');
    expect(await enviar(tocada)).toMatchObject({ tipo: 'rechazo', codigo: ERRORES_SIMULADOR_FACE.firma[0] });
    const malEsquema = firmada().replace('<Modality>I</Modality>', '<Modality>X</Modality>');
    expect(await enviar(malEsquema)).toMatchObject({ tipo: 'rechazo', codigo: ERRORES_SIMULADOR_FACE.esquema[0] });
    const sinDir3 = firmada(CASOS_FACTURA.general!, null);
    expect(await enviar(sinDir3)).toMatchObject({ tipo: 'rechazo', codigo: ERRORES_SIMULADOR_FACE.dir3[0] });
  });

  it('asks to cancel a registered invoice (4200), cancelled on the body’s approval (3100); a paid one cannot be', async () => {
    const r = await enviar(firmada({ ...CASOS_FACTURA.irpf!, Receptor: CLIENTE_PRUEBA }));
    if (r.tipo !== 'ok') throw new Error(JSON.stringify(r));
    const n = r.resultado.numeroRegistro;
    expect(await face.anularFactura(n, 'Emitida por error')).toEqual({
      tipo: 'ok',
      resultado: { numeroRegistro: n, mensaje: 'Anulación solicitada correctamente' },
    });
    expect(await face.consultarFactura(n)).toMatchObject({
      resultado: { anulacion: { codigo: '4200', motivo: 'Emitida por error' } },
    });
    sim.cambiarEstado(n, '3100');
    expect(await face.consultarFactura(n)).toMatchObject({
      resultado: { tramitacion: { codigo: '3100' }, anulacion: { codigo: '4300' } },
    });
    const pagada = await enviar(firmada());
    if (pagada.tipo !== 'ok') throw new Error(JSON.stringify(pagada));
    sim.cambiarEstado(pagada.resultado.numeroRegistro, '2500');
    expect(await face.anularFactura(pagada.resultado.numeroRegistro, 'x')).toMatchObject({
      tipo: 'rechazo',
      codigo: ERRORES_SIMULADOR_FACE.noAnulable[0],
    });
  });

  it('refuses a request whose WS-Security signature fails or whose certificate is not admitted', async () => {
    const sobre = sobreFirmado(operacion('consultarFactura', '<numeroRegistro>1</numeroRegistro>'), clave);
    expect(leerPeticion(sobre)).toMatchObject({ ok: true, operacion: 'consultarFactura' });
    expect(leerPeticion(sobre.replace('<numeroRegistro>1<', '<numeroRegistro>2<'))).toEqual({
      ok: false,
      motivo: 'El cuerpo no coincide con la firma',
    });
    expect(leerPeticion(sobre, new Date(Date.now() + 600_000))).toEqual({
      ok: false,
      motivo: 'La petición ha caducado',
    });
    const otra = generarCertificadosFace();
    const ajeno = crearClienteFace({ url: sim.url, clave: claveDePkcs12(otra.cliente.pfx, otra.cliente.passphrase) });
    expect(await ajeno.consultarFactura('1')).toEqual({
      tipo: 'fallo',
      mensaje: 'FACe rechazó la petición: El certificado de la petición no está admitido',
    });
  });

  it('answers a transport failure as transient (nothing known), never throwing', async () => {
    const caido = crearClienteFace({ url: 'http://127.0.0.1:9/facturasspp2', clave, timeoutMs: 2000 });
    const r = await caido.consultarListadoFacturas(['1']);
    expect(r.tipo).toBe('transitorio');
  });
});

describe('FACe client and the published answers', () => {
  it('reads the answers as the providers’ documentation shows them (fixtures/)', async () => {
    const servidor = createServer((req, res) => {
      const op = /#(\w+)"$/.exec(String(req.headers.soapaction))?.[1];
      req
        .resume()
        .on('end', () => res.end(readFileSync(new URL(`./fixtures/${op}.respuesta.xml`, import.meta.url), 'utf8')));
    });
    await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
    const { port } = servidor.address() as AddressInfo;
    const publicado = crearClienteFace({ url: `http://127.0.0.1:${port}/facturasspp2`, clave });
    try {
      expect(await publicado.enviarFactura({ correo: 'a@b.es', nombre: 'f.xsig', facturae: '<x/>' })).toEqual({
        tipo: 'ok',
        resultado: {
          numeroRegistro: '201800012345',
          organoGestor: 'P00000010',
          unidadTramitadora: 'P00000010',
          oficinaContable: 'P00000010',
          identificadorEmisor: '12345678Z',
          numeroFactura: 'NUMERO',
          serieFactura: 'SERIE',
          fechaRecepcion: '2021-09-17 13:17:48',
        },
      });
      const l = await publicado.consultarListadoFacturas(['201800012345', '201800099999']);
      expect(l).toMatchObject({
        tipo: 'ok',
        resultado: [
          {
            codigo: '0',
            numeroRegistro: '201800012345',
            tramitacion: { codigo: '1200', motivo: '' },
            anulacion: { codigo: '4200', descripcion: 'Solicitada anulación', motivo: 'prueba' },
          },
          { codigo: '303', numeroRegistro: '201800099999', tramitacion: { codigo: '' } },
        ],
      });
      expect(await publicado.anularFactura('201800012345', 'prueba')).toEqual({
        tipo: 'ok',
        resultado: { numeroRegistro: '201800012345', mensaje: 'Anulación solicitada correctamente' },
      });
    } finally {
      servidor.close();
    }
  });
});
