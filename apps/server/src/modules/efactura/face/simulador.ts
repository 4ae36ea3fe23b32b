import { X509Certificate } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ESTADOS_ANULACION_FACE, ESTADOS_FACE, esCodigoEstadoFace } from '@faro/domain';
import { verificarFacturae } from '../facturae/firma.ts';
import { validarXsdFacturae } from '../facturae/validador.ts';
import { fallo, hoja, leerPeticion, respuesta, resultado, valor } from './protocolo.ts';

/**
 * A local FACe on 127.0.0.1 speaking its providers' web service (`protocolo.ts`), for tests, journeys and the demo:
 * it checks each request's WS-Security signature (and, given a CA, that the certificate comes from it), validates a
 * sent Facturae against the 3.2.2 schema and its XAdES-EPES signature with the Facturae policy, requires the three
 * DIR3 units, refuses a duplicate, registers it with a registry number in status 1200, and answers the status and
 * cancellation operations. `cambiarEstado` moves an invoice through FACe's statuses on command (1300 registrada en
 * el RCF, 2400 contabilizada, 2500 pagada, 2600 rechazada with its reason, 3100 anulada). The error codes are this
 * simulator's own (FACe does not publish its full list); the client reads any code but 0 as a refusal.
 */
export const ERRORES_SIMULADOR_FACE = {
  esquema: ['100', 'La factura no es válida según el esquema Facturae 3.2.2'],
  firma: ['101', 'La firma de la factura no es válida'],
  dir3: ['102', 'La factura no indica las unidades DIR3 (oficina contable, órgano gestor y unidad tramitadora)'],
  duplicada: ['103', 'La factura ya está registrada en FACe'],
  mime: ['104', 'El tipo de la factura debe ser application/xml'],
  noExiste: ['303', 'No existe factura con el número de registro especificado'],
  maximo: ['304', 'Se pueden consultar 500 facturas como máximo'],
  noAnulable: ['305', 'La factura no admite solicitud de anulación en su estado'],
} as const;

export interface FacturaSimuladaFace {
  numeroRegistro: string;
  nifEmisor: string;
  numero: string;
  serie: string;
  oficinaContable: string;
  organoGestor: string;
  unidadTramitadora: string;
  correo: string;
  fechaRecepcion: string;
  facturae: string;
  tramitacion: { codigo: string; motivo: string };
  anulacion: { codigo: string; motivo: string };
}

export interface SimuladorFace {
  /** `http://127.0.0.1:<port>/facturasspp2` */
  url: string;
  facturas(): FacturaSimuladaFace[];
  /** Moves an invoice to a FACe status (1200, 1300, 2400, 2500, 2600 with its reason, 3100). */
  cambiarEstado(numeroRegistro: string, codigo: string, motivo?: string): void;
  cerrar(): Promise<void>;
}

const dir3 = (xml: string, rol: string) =>
  new RegExp(`<CentreCode>([^<]*)</CentreCode><RoleTypeCode>${rol}</RoleTypeCode>`).exec(xml)?.[1] ?? '';

export async function iniciarSimuladorFace(op: { ca?: string } = {}): Promise<SimuladorFace> {
  const registradas = new Map<string, FacturaSimuladaFace>();
  let siguiente = 1;
  const confianza = op.ca ? new X509Certificate(op.ca) : null;
  const error = ([codigo, texto]: readonly [string, string], detalle?: string) =>
    resultado(codigo, detalle ? `${texto}: ${detalle}` : texto);
  const estadoXml = (f: FacturaSimuladaFace) => {
    const t = f.tramitacion.codigo as keyof typeof ESTADOS_FACE;
    const a = f.anulacion.codigo as keyof typeof ESTADOS_ANULACION_FACE;
    return (
      `<factura>${hoja('numeroRegistro', f.numeroRegistro)}` +
      `<tramitacion>${hoja('codigo', t)}${hoja('descripcion', ESTADOS_FACE[t].descripcion)}${hoja('motivo', f.tramitacion.motivo)}</tramitacion>` +
      `<anulacion>${hoja('codigo', a)}${hoja('descripcion', ESTADOS_ANULACION_FACE[a])}${hoja('motivo', f.anulacion.motivo)}</anulacion></factura>`
    );
  };

  async function enviarFactura(p: string): Promise<string> {
    if (valor(p, 'mime') !== 'application/xml') return error(ERRORES_SIMULADOR_FACE.mime);
    const xml = Buffer.from(/<factura><factura>([^<]*)<\/factura>/.exec(p)?.[1] ?? '', 'base64').toString('utf8');
    const esquema = await validarXsdFacturae(xml);
    if (esquema.length) return error(ERRORES_SIMULADOR_FACE.esquema, esquema[0]);
    const firma = verificarFacturae(xml);
    if (!firma.valida) return error(ERRORES_SIMULADOR_FACE.firma, firma.motivo);
    const comprador = /<BuyerParty>([\s\S]*)<\/BuyerParty>/.exec(xml)?.[1] ?? '';
    const [oficinaContable, organoGestor, unidadTramitadora] = ['01', '02', '03'].map((r) => dir3(comprador, r));
    if (!oficinaContable || !organoGestor || !unidadTramitadora) return error(ERRORES_SIMULADOR_FACE.dir3);
    const vendedor = /<SellerParty>([\s\S]*)<\/SellerParty>/.exec(xml)?.[1] ?? '';
    const nifEmisor = valor(vendedor, 'TaxIdentificationNumber') ?? '';
    const cabecera =
      /<InvoiceHeader>([\s\S]*?)<\/InvoiceHeader>/.exec(xml)?.[1]?.replace(/<Corrective>[\s\S]*<\/Corrective>/, '') ??
      '';
    const numero = valor(cabecera, 'InvoiceNumber') ?? '';
    const serie = valor(cabecera, 'InvoiceSeriesCode') ?? '';
    const vigente = [...registradas.values()].some(
      (f) =>
        f.nifEmisor === nifEmisor &&
        f.numero === numero &&
        f.serie === serie &&
        !['2600', '3100'].includes(f.tramitacion.codigo),
    );
    if (vigente) return error(ERRORES_SIMULADOR_FACE.duplicada);
    const ahora = new Date();
    const numeroRegistro = `${ahora.getUTCFullYear()}${String(siguiente++).padStart(8, '0')}`;
    const f: FacturaSimuladaFace = {
      numeroRegistro,
      nifEmisor,
      numero,
      serie,
      oficinaContable,
      organoGestor,
      unidadTramitadora,
      correo: valor(p, 'correo') ?? '',
      fechaRecepcion: ahora.toISOString().slice(0, 19).replace('T', ' '),
      facturae: xml,
      tramitacion: { codigo: '1200', motivo: '' },
      anulacion: { codigo: '4100', motivo: '' },
    };
    registradas.set(numeroRegistro, f);
    const datos = { numeroRegistro, organoGestor, unidadTramitadora, oficinaContable, identificadorEmisor: nifEmisor };
    return (
      resultado('0', 'Correcto') +
      `<factura>${Object.entries({
        ...datos,
        numeroFactura: numero,
        serieFactura: serie,
        fechaRecepcion: f.fechaRecepcion,
      })
        .map(([k, v]) => hoja(k, v))
        .join('')}</factura>`
    );
  }

  function consultarFactura(p: string): string {
    const f = registradas.get(valor(p, 'numeroRegistro') ?? '');
    return f ? resultado('0', 'Correcto') + estadoXml(f) : error(ERRORES_SIMULADOR_FACE.noExiste);
  }

  function consultarListadoFacturas(p: string): string {
    const numeros = [...p.matchAll(/<numeroRegistro>([^<]*)<\/numeroRegistro>/g)].map((m) => m[1] ?? '');
    if (numeros.length > 500) return error(ERRORES_SIMULADOR_FACE.maximo);
    const items = numeros.map((n) => {
      const f = registradas.get(n);
      if (f)
        return `<consultarListadoFactura>${resultado('0', 'Correcto').replace(/<\/?resultado>/g, '')}${estadoXml(f)}</consultarListadoFactura>`;
      const [codigo, texto] = ERRORES_SIMULADOR_FACE.noExiste;
      return `<consultarListadoFactura>${hoja('codigo', codigo)}${hoja('descripcion', texto)}<factura>${hoja('numeroRegistro', n)}<tramitacion></tramitacion><anulacion></anulacion></factura></consultarListadoFactura>`;
    });
    return `${resultado('0', 'Correcto')}<facturas>${items.join('')}</facturas>`;
  }

  function anularFactura(p: string): string {
    const f = registradas.get(valor(p, 'numeroRegistro') ?? '');
    if (!f) return error(ERRORES_SIMULADOR_FACE.noExiste);
    if (!['1200', '1300'].includes(f.tramitacion.codigo) || f.anulacion.codigo !== '4100')
      return error(ERRORES_SIMULADOR_FACE.noAnulable);
    f.anulacion = { codigo: '4200', motivo: valor(p, 'motivo') ?? '' };
    return `${resultado('0', 'Correcto')}<factura>${hoja('numeroRegistro', f.numeroRegistro)}${hoja('mensaje', 'Anulación solicitada correctamente')}</factura>`;
  }

  const OPERACIONES: Record<string, (p: string) => string | Promise<string>> = {
    enviarFactura,
    consultarFactura,
    consultarListadoFacturas,
    anularFactura,
  };

  const servidor = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (b: Buffer) => partes.push(b));
    req.on('end', async () => {
      const contestar = (estado: number, xml: string) =>
        res.writeHead(estado, { 'Content-Type': 'text/xml; charset=UTF-8' }).end(xml);
      const peticion = leerPeticion(Buffer.concat(partes).toString('utf8'));
      if (!peticion.ok) return contestar(500, fallo(peticion.motivo));
      if (confianza && !peticion.certificado.verify(confianza.publicKey))
        return contestar(500, fallo('El certificado de la petición no está admitido'));
      const atender = Object.hasOwn(OPERACIONES, peticion.operacion) ? OPERACIONES[peticion.operacion] : undefined;
      if (!atender) return contestar(500, fallo(`Operación desconocida: ${peticion.operacion}`));
      contestar(200, respuesta(peticion.operacion, await atender(peticion.parametros)));
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const { port } = servidor.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/facturasspp2`,
    facturas: () => [...registradas.values()],
    cambiarEstado(numeroRegistro, codigo, motivo = '') {
      const f = registradas.get(numeroRegistro);
      if (!f) throw new Error(`FACe simulado: no existe la factura ${numeroRegistro}`);
      if (!esCodigoEstadoFace(codigo)) throw new Error(`FACe simulado: estado desconocido ${codigo}`);
      if (codigo === '2600' && !motivo) throw new Error('FACe simulado: un rechazo lleva su motivo');
      f.tramitacion = { codigo, motivo };
      if (codigo === '3100') f.anulacion = { codigo: '4300', motivo: f.anulacion.motivo };
    },
    cerrar: () =>
      new Promise<void>((ok) => {
        servidor.closeAllConnections();
        servidor.close(() => ok());
      }),
  };
}
