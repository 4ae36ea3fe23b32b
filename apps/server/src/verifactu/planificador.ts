import type { ResultadoEnvio } from './clienteSoap.ts';
import { MAX_REGISTROS_POR_ENVIO } from './xml/mensaje.ts';

/**
 * The submission planner of the VeriFactu queue (fventaverifactu), pure: the caller loads a company's queue rows,
 * asks `planificarEnvio` what to send, sends it, and stores what `aplicarResultado` says. Rules:
 * - chronological order per company (generation sequence), at most 1,000 records per message, never two records
 *   of the same invoice in one message;
 * - flow control: after an answer wait TiempoEsperaEnvio seconds, unless 1,000 records are already waiting;
 * - a record the AEAT rejects (Incorrecto) leaves the queue as `rechazado` and blocks nobody; a message rejected as
 *   a whole by a schema fault is split in halves until the bad record is alone and can be rejected by itself;
 * - transport failures (timeouts, network, HTTP errors, env:Server faults) retry the same records with exponential
 *   back-off and put the company in incident mode: later submissions carry RemisionVoluntaria/Incidencia=S;
 * - retries are idempotent: a record sent before whose answer was lost comes back as duplicate (3000) or already
 *   cancelled (3001), and is then taken as accepted;
 * - configuration faults (certificate, NIF not in the census, representation) stop the company's queue without
 *   touching its records until the configuration is fixed (`bloqueo`).
 */

export type EstadoCola = 'generado' | 'enviado' | 'conerrores' | 'rechazado' | 'anulado';

export interface RegistroEnCola {
  id: string;
  /** Generation order in the company's chain. */
  secuencia: number;
  estado: EstadoCola;
  TipoOperacion: 'Alta' | 'Anulacion';
  /** The invoice as the AEAT echoes it in RespuestaLinea/IDFactura (for an anulación, the cancelled invoice). */
  IDEmisorFactura: string;
  NumSerieFactura: string;
  /** dd-mm-yyyy */
  FechaExpedicionFactura: string;
  /** Submissions attempted so far. */
  intentos: number;
  /** Not to be sent before this instant (ms since epoch): back-off after a failed attempt. */
  noAntesDe?: number | null;
  /** Largest message this record may travel in (halved after schema faults to isolate a bad record). */
  loteMaximo?: number | null;
  /** Held back by an AEAT outage: it goes out with Incidencia=S. */
  retrasado?: boolean;
}

export interface EstadoEnvioEmpresa {
  /** Earliest instant (ms) of the next submission: last answer + TiempoEsperaEnvio (or a blocked queue's retry). */
  siguienteEnvio: number;
  /** The AEAT could not be reached: incident mode. */
  incidencia: boolean;
  fallosSeguidos: number;
  /** A configuration problem that stops every submission of the company until fixed. */
  bloqueo?: { Codigo?: number; Mensaje: string };
}

export const ESTADO_ENVIO_INICIAL: EstadoEnvioEmpresa = { siguienteEnvio: 0, incidencia: false, fallosSeguidos: 0 };

export interface OpcionesPlanificador {
  maxPorEnvio?: number;
  /** First back-off after a transport failure (doubles each time). Default 30 s. */
  esperaBaseMs?: number;
  /** Longest back-off. Default 1 h. */
  esperaMaximaMs?: number;
  /** Retry interval of a blocked queue (in case the problem was on the AEAT's side). Default 30 min. */
  esperaBloqueoMs?: number;
}

export type Plan =
  | { accion: 'enviar'; ids: string[]; incidencia: boolean }
  | { accion: 'esperar'; hasta: number; motivo: 'flujo' | 'reintento' | 'bloqueo' }
  | { accion: 'nada' };

export interface CambioRegistro {
  id: string;
  estado?: EstadoCola;
  intentos?: number;
  noAntesDe?: number | null;
  loteMaximo?: number | null;
  retrasado?: boolean;
  CodigoErrorRegistro?: number;
  DescripcionErrorRegistro?: string;
  CSV?: string;
  /** True when this record was taken as accepted from a duplicate answer (an earlier send had arrived). */
  yaRegistrado?: boolean;
  /** For an accepted anulación: the cancelled invoice, whose alta becomes `anulado`. */
  anula?: { IDEmisorFactura: string; NumSerieFactura: string; FechaExpedicionFactura: string };
}

export interface ResultadoAplicado {
  estado: EstadoEnvioEmpresa;
  cambios: CambioRegistro[];
}

const clave = (tipo: string, nif: string, num: string, fecha: string) => `${tipo}|${nif}|${num}|${fecha}`;
const claveFactura = (r: RegistroEnCola) => `${r.IDEmisorFactura}|${r.NumSerieFactura}|${r.FechaExpedicionFactura}`;

function pendientes(registros: readonly RegistroEnCola[]): RegistroEnCola[] {
  return registros.filter((r) => r.estado === 'generado').sort((a, b) => a.secuencia - b.secuencia);
}

/** What to do next for one company's queue. */
export function planificarEnvio(
  registros: readonly RegistroEnCola[],
  estado: EstadoEnvioEmpresa,
  ahora: number,
  opciones: OpcionesPlanificador = {},
): Plan {
  const max = Math.min(opciones.maxPorEnvio ?? MAX_REGISTROS_POR_ENVIO, MAX_REGISTROS_POR_ENVIO);
  const cola = pendientes(registros);
  if (!cola.length) return { accion: 'nada' };
  if (estado.bloqueo && ahora < estado.siguienteEnvio) {
    return { accion: 'esperar', hasta: estado.siguienteEnvio, motivo: 'bloqueo' };
  }
  const primero = cola[0]!;
  if (primero.noAntesDe && primero.noAntesDe > ahora) {
    return { accion: 'esperar', hasta: primero.noAntesDe, motivo: 'reintento' };
  }
  if (!estado.bloqueo && ahora < estado.siguienteEnvio && cola.length < max) {
    return { accion: 'esperar', hasta: estado.siguienteEnvio, motivo: 'flujo' };
  }
  const tamano = Math.max(1, Math.min(max, primero.loteMaximo ?? max));
  const lote: RegistroEnCola[] = [];
  const facturas = new Set<string>();
  for (const r of cola) {
    if (lote.length >= tamano) break;
    if (r.noAntesDe && r.noAntesDe > ahora) break;
    if (facturas.has(claveFactura(r))) break;
    facturas.add(claveFactura(r));
    lote.push(r);
  }
  return {
    accion: 'enviar',
    ids: lote.map((r) => r.id),
    incidencia: estado.incidencia || lote.some((r) => r.retrasado),
  };
}

/** Faults that no change of the records can fix: the certificate, the NIF, the representation, the service. */
const FAULTS_CONFIGURACION = new Set([
  4104, 4105, 4107, 4108, 4109, 4112, 4115, 4116, 4117, 4120, 4121, 4122, 4123, 4124, 4125, 4126, 4127, 4129, 4130,
  4131, 4133, 4139, 4140, 4141,
]);
/** Client faults that are transient technical errors on the AEAT's side. */
const FAULTS_TRANSITORIOS = new Set([3500, 3501, 4110, 4111, 4118, 4128, 4134]);

export function esperaReintento(fallos: number, opciones: OpcionesPlanificador = {}): number {
  const base = opciones.esperaBaseMs ?? 30_000;
  const maxima = opciones.esperaMaximaMs ?? 3_600_000;
  return Math.min(maxima, base * 2 ** Math.min(30, Math.max(0, fallos - 1)));
}

export interface EntradaResultado {
  /** All of the company's queue rows (pending ones are marked `retrasado` when an outage starts). */
  registros: readonly RegistroEnCola[];
  estado: EstadoEnvioEmpresa;
  /** The ids that were sent (the plan's). */
  lote: readonly string[];
  resultado: ResultadoEnvio;
  ahora: number;
}

/** What a submission's outcome means for the queue rows and the company's send state. */
export function aplicarResultado(entrada: EntradaResultado, opciones: OpcionesPlanificador = {}): ResultadoAplicado {
  const { registros, estado, resultado, ahora } = entrada;
  const porId = new Map(registros.map((r) => [r.id, r]));
  const lote = entrada.lote.map((id) => {
    const r = porId.get(id);
    if (!r) throw new Error(`Registro ${id} del lote desconocido`);
    return r;
  });

  const transitorio = (): ResultadoAplicado => {
    const fallos = estado.fallosSeguidos + 1;
    const noAntesDe = ahora + esperaReintento(fallos, opciones);
    const enLote = new Set(entrada.lote);
    const cambios: CambioRegistro[] = lote.map((r) => ({
      id: r.id,
      intentos: r.intentos + 1,
      noAntesDe,
      retrasado: true,
    }));
    for (const r of pendientes(registros))
      if (!enLote.has(r.id) && !r.retrasado) cambios.push({ id: r.id, retrasado: true });
    return { estado: { ...estado, fallosSeguidos: fallos, incidencia: true }, cambios };
  };
  const bloquear = (Mensaje: string, Codigo?: number): ResultadoAplicado => ({
    estado: {
      ...estado,
      siguienteEnvio: ahora + (opciones.esperaBloqueoMs ?? 1_800_000),
      bloqueo: Codigo === undefined ? { Mensaje } : { Codigo, Mensaje },
    },
    cambios: [],
  });

  if (resultado.tipo === 'error') {
    return resultado.causa === 'certificado' ? bloquear(resultado.mensaje) : transitorio();
  }

  if (resultado.tipo === 'fault') {
    const codigo = resultado.Codigo;
    if (resultado.reintentable || (codigo !== undefined && FAULTS_TRANSITORIOS.has(codigo))) return transitorio();
    if (codigo !== undefined && FAULTS_CONFIGURACION.has(codigo)) return bloquear(resultado.faultstring, codigo);
    const sinIncidencia = { ...estado, fallosSeguidos: 0, incidencia: false };
    if (lote.length > 1) {
      const mitad = Math.ceil(lote.length / 2);
      return { estado: sinIncidencia, cambios: lote.map((r) => ({ id: r.id, loteMaximo: mitad })) };
    }
    return {
      estado: sinIncidencia,
      cambios: lote.map((r) => ({
        id: r.id,
        estado: 'rechazado' as const,
        intentos: r.intentos + 1,
        noAntesDe: null,
        loteMaximo: null,
        ...(codigo === undefined ? {} : { CodigoErrorRegistro: codigo }),
        DescripcionErrorRegistro: resultado.faultstring,
      })),
    };
  }

  const nuevoEstado: EstadoEnvioEmpresa = {
    siguienteEnvio: ahora + resultado.TiempoEsperaEnvio * 1000,
    incidencia: false,
    fallosSeguidos: 0,
  };
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
  const cambios = lote.map((r): CambioRegistro => {
    const intentos = r.intentos + 1;
    const l = lineas.get(clave(r.TipoOperacion, r.IDEmisorFactura, r.NumSerieFactura, r.FechaExpedicionFactura));
    if (!l) {
      // The AEAT did not answer for this record: try it again later.
      return { id: r.id, intentos, noAntesDe: ahora + esperaReintento(intentos, opciones) };
    }
    const base = { id: r.id, intentos, noAntesDe: null, loteMaximo: null } as const;
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
    if (l.EstadoRegistro === 'Correcto') return { ...base, estado: 'enviado', ...csv, ...anula };
    if (l.EstadoRegistro === 'AceptadoConErrores') return { ...base, estado: 'conerrores', ...csv, ...error, ...anula };
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
        ? { ...base, estado: 'enviado', yaRegistrado: true }
        : {
            ...base,
            estado: 'conerrores',
            yaRegistrado: true,
            ...(dup.CodigoErrorRegistro === undefined ? {} : { CodigoErrorRegistro: dup.CodigoErrorRegistro }),
            ...(dup.DescripcionErrorRegistro === undefined
              ? {}
              : { DescripcionErrorRegistro: dup.DescripcionErrorRegistro }),
          };
    }
    if (reintento && r.TipoOperacion === 'Anulacion' && l.CodigoErrorRegistro === 3001) {
      return { ...base, estado: 'enviado', yaRegistrado: true, ...anula };
    }
    return { ...base, estado: 'rechazado', ...error };
  });
  return { estado: nuevoEstado, cambios };
}

/** Applies changes to in-memory rows (for callers that keep the queue in memory, and for tests). */
export function aplicarCambios(
  registros: readonly RegistroEnCola[],
  cambios: readonly CambioRegistro[],
): RegistroEnCola[] {
  const porId = new Map(cambios.map((c) => [c.id, c]));
  return registros.map((r) => {
    const c = porId.get(r.id);
    if (!c) return r;
    const {
      id: _id,
      CodigoErrorRegistro: _c,
      DescripcionErrorRegistro: _d,
      CSV: _csv,
      yaRegistrado: _y,
      anula: _a,
      ...campos
    } = c;
    return { ...r, ...campos };
  });
}
