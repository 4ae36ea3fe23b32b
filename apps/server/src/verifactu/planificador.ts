import * as motor from '../registrosFiscales/cola.ts';
import type { ResultadoEnvio } from './clienteSoap.ts';
import { MAX_REGISTROS_POR_ENVIO } from './xml/mensaje.ts';

/**
 * VeriFactu on the fiscal-record queue (`registrosFiscales/cola.ts`, fventaverifactu): what differs from the
 * engine's rules is declared here. At most 1,000 records per message, never two records of the same invoice in
 * one; the back-off counts the company's failures in a row (30 s, doubling, up to 1 h) and an outage is incident
 * mode (later submissions carry RemisionVoluntaria/Incidencia=S). How the AEAT's answer reads:
 * - a line per record: Correcto → enviado, AceptadoConErrores → conerrores, Incorrecto → rechazado, the wait
 *   TiempoEsperaEnvio; a record the answer does not mention is tried again later;
 * - retries are idempotent: a record sent before whose answer was lost comes back as duplicate (3000) or already
 *   cancelled (3001), and is then taken as accepted;
 * - transport failures and env:Server / transient faults retry; configuration faults (certificate, NIF not in the
 *   census, representation) block the queue; any other fault refuses the message as a whole.
 */

export type { EstadoCola, EstadoEnvioEmpresa, Plan } from '../registrosFiscales/cola.ts';
export { ESTADO_ENVIO_INICIAL } from '../registrosFiscales/cola.ts';

export interface RegistroEnCola extends motor.FilaCola {
  TipoOperacion: 'Alta' | 'Anulacion';
  /** The invoice as the AEAT echoes it in RespuestaLinea/IDFactura (for an anulación, the cancelled invoice). */
  IDEmisorFactura: string;
  NumSerieFactura: string;
  /** dd-mm-yyyy */
  FechaExpedicionFactura: string;
}

export interface OpcionesPlanificador {
  maxPorEnvio?: number;
  /** First back-off after a transport failure (doubles each time). Default 30 s. */
  esperaBaseMs?: number;
  /** Longest back-off. Default 1 h. */
  esperaMaximaMs?: number;
  /** Retry interval of a blocked queue (in case the problem was on the AEAT's side). Default 30 min. */
  esperaBloqueoMs?: number;
}

/** The AEAT's answer fields of a queue row. */
export interface RespuestaRegistro {
  CodigoErrorRegistro: number;
  DescripcionErrorRegistro: string;
  CSV: string;
  /** True when this record was taken as accepted from a duplicate answer (an earlier send had arrived). */
  yaRegistrado: boolean;
  /** For an accepted anulación: the cancelled invoice, whose alta becomes `anulado`. */
  anula: { IDEmisorFactura: string; NumSerieFactura: string; FechaExpedicionFactura: string };
}

export type CambioRegistro = motor.Cambio<RespuestaRegistro>;
export type ResultadoAplicado = motor.ResultadoAplicado<RespuestaRegistro>;

const claveFactura = (r: RegistroEnCola) => `${r.IDEmisorFactura}|${r.NumSerieFactura}|${r.FechaExpedicionFactura}`;

/** VeriFactu's rules of the queue. */
export function reglasVerifactu(opciones: OpcionesPlanificador = {}): motor.ReglasCola<RegistroEnCola> {
  return {
    ...opciones,
    maxPorEnvio: Math.min(opciones.maxPorEnvio ?? MAX_REGISTROS_POR_ENVIO, MAX_REGISTROS_POR_ENVIO),
    fallosDe: 'empresa',
    incidencia: true,
    clave: claveFactura,
  };
}

/** What to send next for one company's queue. */
export function planificarEnvio(
  registros: readonly RegistroEnCola[],
  estado: motor.EstadoEnvioEmpresa,
  ahora: number,
  opciones: OpcionesPlanificador = {},
): motor.Plan {
  return motor.planificar(registros, estado, ahora, reglasVerifactu(opciones));
}

export const esperaReintento = (fallos: number, opciones: OpcionesPlanificador = {}) =>
  motor.esperaReintento(fallos, opciones);

/** Faults that no change of the records can fix: the certificate, the NIF, the representation, the service. */
const FAULTS_CONFIGURACION = new Set([
  4104, 4105, 4107, 4108, 4109, 4112, 4115, 4116, 4117, 4120, 4121, 4122, 4123, 4124, 4125, 4126, 4127, 4129, 4130,
  4131, 4133, 4139, 4140, 4141,
]);
/** Client faults that are transient technical errors on the AEAT's side. */
const FAULTS_TRANSITORIOS = new Set([3500, 3501, 4110, 4111, 4118, 4128, 4134]);

const clave = (tipo: string, nif: string, num: string, fecha: string) => `${tipo}|${nif}|${num}|${fecha}`;

/** How VeriFactu reads the AEAT's answer to a message with the records of `lote`. */
export function leerResultado(
  resultado: ResultadoEnvio,
  lote: readonly RegistroEnCola[],
): motor.Lectura<RespuestaRegistro> {
  if (resultado.tipo === 'error') {
    return resultado.causa === 'certificado'
      ? { tipo: 'bloqueo', Mensaje: resultado.mensaje }
      : { tipo: 'transitorio' };
  }
  if (resultado.tipo === 'fault') {
    const codigo = resultado.Codigo;
    if (resultado.reintentable || (codigo !== undefined && FAULTS_TRANSITORIOS.has(codigo))) {
      return { tipo: 'transitorio' };
    }
    if (codigo !== undefined && FAULTS_CONFIGURACION.has(codigo)) {
      return { tipo: 'bloqueo', Mensaje: resultado.faultstring, Codigo: codigo };
    }
    return {
      tipo: 'mensaje',
      campos: {
        ...(codigo === undefined ? {} : { CodigoErrorRegistro: codigo }),
        DescripcionErrorRegistro: resultado.faultstring,
      },
    };
  }
  const lineas = new Map(
    resultado.RespuestaLinea.map((l) => [
      clave(
        l.Operacion.TipoOperacion,
        l.IDFactura.IDEmisorFactura,
        l.IDFactura.NumSerieFactura,
        l.IDFactura.FechaExpedicionFactura,
      ),
      l,
    ]),
  );
  const veredictos = lote.map((r): motor.Veredicto<RespuestaRegistro> | undefined => {
    const l = lineas.get(clave(r.TipoOperacion, r.IDEmisorFactura, r.NumSerieFactura, r.FechaExpedicionFactura));
    if (!l) return undefined;
    const anula =
      r.TipoOperacion === 'Anulacion'
        ? {
            anula: {
              IDEmisorFactura: r.IDEmisorFactura,
              NumSerieFactura: r.NumSerieFactura,
              FechaExpedicionFactura: r.FechaExpedicionFactura,
            },
          }
        : {};
    const csv = resultado.CSV ? { CSV: resultado.CSV } : {};
    const error = {
      ...(l.CodigoErrorRegistro === undefined ? {} : { CodigoErrorRegistro: l.CodigoErrorRegistro }),
      ...(l.DescripcionErrorRegistro === undefined ? {} : { DescripcionErrorRegistro: l.DescripcionErrorRegistro }),
    };
    if (l.EstadoRegistro === 'Correcto') return { estado: 'enviado', ...csv, ...anula };
    if (l.EstadoRegistro === 'AceptadoConErrores') return { estado: 'conerrores', ...csv, ...error, ...anula };
    // Incorrecto. A retry of something the AEAT already holds is an acceptance, not a rejection.
    const reintento = r.intentos > 0;
    const dup = l.RegistroDuplicado;
    if (
      reintento &&
      r.TipoOperacion === 'Alta' &&
      l.CodigoErrorRegistro === 3000 &&
      dup &&
      dup.EstadoRegistroDuplicado !== 'Anulada'
    ) {
      return dup.EstadoRegistroDuplicado === 'Correcta'
        ? { estado: 'enviado', yaRegistrado: true }
        : {
            estado: 'conerrores',
            yaRegistrado: true,
            ...(dup.CodigoErrorRegistro === undefined ? {} : { CodigoErrorRegistro: dup.CodigoErrorRegistro }),
            ...(dup.DescripcionErrorRegistro === undefined
              ? {}
              : { DescripcionErrorRegistro: dup.DescripcionErrorRegistro }),
          };
    }
    if (reintento && r.TipoOperacion === 'Anulacion' && l.CodigoErrorRegistro === 3001) {
      return { estado: 'enviado', yaRegistrado: true, ...anula };
    }
    return { estado: 'rechazado', ...error };
  });
  return { tipo: 'registros', esperaMs: resultado.TiempoEsperaEnvio * 1000, veredictos };
}

export interface EntradaResultado {
  /** All of the company's queue rows (pending ones are marked `retrasado` when an outage starts). */
  registros: readonly RegistroEnCola[];
  estado: motor.EstadoEnvioEmpresa;
  /** The ids that were sent (the plan's). */
  lote: readonly string[];
  resultado: ResultadoEnvio;
  ahora: number;
}

/** What a submission's outcome means for the queue rows and the company's send state. */
export function aplicarResultado(entrada: EntradaResultado, opciones: OpcionesPlanificador = {}): ResultadoAplicado {
  const { registros: filas, estado, lote, resultado, ahora } = entrada;
  const porId = new Map(filas.map((r) => [r.id, r]));
  const enLote = lote.flatMap((id) => porId.get(id) ?? []);
  return motor.aplicarLectura(
    { filas, estado, lote, ahora },
    leerResultado(resultado, enLote),
    reglasVerifactu(opciones),
  );
}

export const aplicarCambios = motor.aplicarCambios<RegistroEnCola>;
