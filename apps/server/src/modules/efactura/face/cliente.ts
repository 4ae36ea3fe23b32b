import { ErrorSalida } from '../../../platform/egress/destino.ts';
import { peticionSaliente } from '../../../platform/egress/http.ts';
import type { ClaveFirma } from '../../../registrosFiscales/xades.ts';
import { bloques, hoja, NS_FACE, type OperacionFace, operacion, sobreFirmado, valor } from './protocolo.ts';

/**
 * The client of FACe's web service for providers (`protocolo.ts`): send a signed Facturae, ask for one invoice's or
 * a list's statuses, ask to cancel one. Every call goes through the egress door (URL checked, bounded time and
 * size) signed with the company's certificate; none throws for a transport or service problem: that is an answer.
 */
export interface ConfiguracionClienteFace {
  /** The service's endpoint (FACe's, or the local simulator's). */
  url: string;
  /** The company's certificate: it signs the requests (WS-Security). */
  clave: ClaveFirma;
  /** Extra trusted CA certificates (PEM) for an https endpoint; Node's roots otherwise. */
  ca?: string;
  timeoutMs?: number;
}

export type RespuestaFace<T> =
  | { tipo: 'ok'; resultado: T }
  /** The service answered with an error code for this request (a refused invoice, an unknown number). */
  | { tipo: 'rechazo'; codigo: string; descripcion: string }
  /** The service refused the request itself (its signature, its certificate): nothing goes until it is fixed. */
  | { tipo: 'fallo'; mensaje: string }
  /** Network, timeout, an unreadable answer: nothing is known, try again later. */
  | { tipo: 'transitorio'; mensaje: string };

/** What FACe registered (enviarFactura's answer). */
export interface FacturaRegistradaFace {
  numeroRegistro: string;
  organoGestor: string;
  unidadTramitadora: string;
  oficinaContable: string;
  identificadorEmisor: string;
  numeroFactura: string;
  serieFactura: string;
  fechaRecepcion: string;
}

export interface EstadoTramiteFace {
  codigo: string;
  descripcion: string;
  motivo: string;
}

/** One invoice's statuses: its processing (tramitación) and its cancellation flow. */
export interface EstadoFacturaFace {
  numeroRegistro: string;
  tramitacion: EstadoTramiteFace;
  anulacion: EstadoTramiteFace;
}

/** One item of a list query: its own result code (0, or e.g. an unknown number) and the invoice's statuses. */
export interface EstadoListadoFace extends EstadoFacturaFace {
  codigo: string;
  descripcion: string;
}

export interface AnexoFace {
  nombre: string;
  mime: string;
  contenido: Buffer;
}

export interface ClienteFace {
  enviarFactura(p: {
    correo: string;
    nombre: string;
    facturae: string;
    anexos?: readonly AnexoFace[];
  }): Promise<RespuestaFace<FacturaRegistradaFace>>;
  consultarFactura(numeroRegistro: string): Promise<RespuestaFace<EstadoFacturaFace>>;
  /** At most 500 numbers a call (FACe's limit). */
  consultarListadoFacturas(numeros: readonly string[]): Promise<RespuestaFace<EstadoListadoFace[]>>;
  anularFactura(
    numeroRegistro: string,
    motivo: string,
  ): Promise<RespuestaFace<{ numeroRegistro: string; mensaje: string }>>;
}

const tramite = (xml: string | undefined): EstadoTramiteFace => ({
  codigo: valor(xml ?? '', 'codigo') ?? '',
  descripcion: valor(xml ?? '', 'descripcion') ?? '',
  motivo: valor(xml ?? '', 'motivo') ?? '',
});

const estadoDe = (factura: string): EstadoFacturaFace => ({
  numeroRegistro: valor(factura, 'numeroRegistro') ?? '',
  tramitacion: tramite(bloques(factura, 'tramitacion')[0]),
  anulacion: tramite(bloques(factura, 'anulacion')[0]),
});

const CAMPOS_REGISTRO = [
  'numeroRegistro',
  'organoGestor',
  'unidadTramitadora',
  'oficinaContable',
  'identificadorEmisor',
  'numeroFactura',
  'serieFactura',
  'fechaRecepcion',
] as const;

export function crearClienteFace(config: ConfiguracionClienteFace): ClienteFace {
  async function llamar<T>(op: OperacionFace, parametros: string, leer: (ret: string) => T): Promise<RespuestaFace<T>> {
    let cuerpo: string;
    let estado: number;
    try {
      const r = await peticionSaliente({
        url: config.url,
        metodo: 'POST',
        cabeceras: { 'Content-Type': 'text/xml; charset=UTF-8', SOAPAction: `"${NS_FACE}#${op}"` },
        cuerpo: sobreFirmado(operacion(op, parametros), config.clave),
        timeoutMs: config.timeoutMs ?? 60_000,
        maxBytes: 8 * 1024 * 1024,
        ...(config.ca ? { tls: { ca: config.ca } } : {}),
      });
      cuerpo = r.cuerpo.toString('utf8');
      estado = r.estado;
    } catch (e) {
      return { tipo: 'transitorio', mensaje: e instanceof ErrorSalida ? e.message : 'No se pudo contactar con FACe' };
    }
    const falta = valor(cuerpo, 'faultstring');
    if (falta !== null) return { tipo: 'fallo', mensaje: `FACe rechazó la petición: ${falta}` };
    const ret = bloques(cuerpo, 'return')[0];
    if (estado !== 200 || ret === undefined)
      return { tipo: 'transitorio', mensaje: `FACe respondió de forma inesperada (HTTP ${estado})` };
    const resultado = bloques(ret, 'resultado')[0] ?? '';
    const codigo = valor(resultado, 'codigo') ?? '';
    if (codigo !== '0') return { tipo: 'rechazo', codigo, descripcion: valor(resultado, 'descripcion') ?? '' };
    return { tipo: 'ok', resultado: leer(ret) };
  }

  return {
    enviarFactura(p) {
      const anexos = (p.anexos ?? [])
        .map(
          (a) =>
            `<anexo>${hoja('anexo', a.contenido.toString('base64'))}${hoja('nombre', a.nombre)}${hoja('mime', a.mime)}</anexo>`,
        )
        .join('');
      const parametros =
        `<request>${hoja('correo', p.correo)}` +
        `<factura>${hoja('factura', Buffer.from(p.facturae, 'utf8').toString('base64'))}${hoja('nombre', p.nombre)}${hoja('mime', 'application/xml')}</factura>` +
        `<anexos>${anexos}</anexos></request>`;
      return llamar('enviarFactura', parametros, (ret) => {
        const f = /<factura>([\s\S]*?)<\/factura>/.exec(ret)?.[1] ?? '';
        return Object.fromEntries(
          CAMPOS_REGISTRO.map((c) => [c, valor(f, c) ?? '']),
        ) as unknown as FacturaRegistradaFace;
      });
    },
    consultarFactura(numeroRegistro) {
      return llamar('consultarFactura', hoja('numeroRegistro', numeroRegistro), (ret) =>
        estadoDe(bloques(ret, 'factura')[0] ?? ''),
      );
    },
    consultarListadoFacturas(numeros) {
      const parametros = `<request>${numeros.map((n) => hoja('numeroRegistro', n)).join('')}</request>`;
      return llamar('consultarListadoFacturas', parametros, (ret) =>
        bloques(ret, 'consultarListadoFactura').map((item) => ({
          codigo: /^\s*<codigo>([^<]*)<\/codigo>/.exec(item)?.[1] ?? '',
          descripcion: valor(item.replace(/<factura>[\s\S]*<\/factura>/, ''), 'descripcion') ?? '',
          ...estadoDe(bloques(item, 'factura')[0] ?? ''),
        })),
      );
    },
    anularFactura(numeroRegistro, motivo) {
      return llamar('anularFactura', `${hoja('numeroRegistro', numeroRegistro)}${hoja('motivo', motivo)}`, (ret) => ({
        numeroRegistro: valor(ret, 'numeroRegistro') ?? numeroRegistro,
        mensaje: valor(ret, 'mensaje') ?? '',
      }));
    },
  };
}
