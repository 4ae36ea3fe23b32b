/**
 * The queue of a chain of fiscal records, the same for every channel (VeriFactu to the AEAT, TicketBAI/LROE to
 * the Diputaciones, an e-invoice to a platform), pure: the database runner
 * (`modules/registrosFiscales/envio.ts`) loads a company's queue rows, asks `pasoDeCola` for one step and stores
 * what it says. A channel declares only what differs: its rules (`ReglasCola`: message size, back-off, what may not
 * travel together), its client (`ClienteCanal`: builds its message and sends it) and how its answer reads
 * (`Lectura`). Rules every channel gets:
 * - records go in generation order, the oldest first; a record waiting for its back-off holds the ones after it
 *   (the chain order), a record never travels twice in one message with another of the same key;
 * - flow control: after an answer the channel may ask for a wait (VeriFactu's TiempoEsperaEnvio), skipped when a
 *   full message is already waiting;
 * - a record the service rejects leaves the queue as `rechazado` and blocks nobody; a message refused as a whole
 *   is split in halves until the bad record travels alone and is rejected by itself (a message that cannot even
 *   be built reads so too);
 * - a transport failure retries the same records with exponential back-off and puts the company in incident mode;
 * - a configuration fault (certificate, census, representation) stops the company's queue, records untouched,
 *   until fixed (`bloqueo`), retried now and then in case the fault was on the service's side.
 */

export type EstadoCola = 'generado' | 'enviado' | 'conerrores' | 'rechazado' | 'anulado';

/** A record of a company's queue as the planner sees it. */
export interface FilaCola {
  id: string;
  /** Generation order in the company's chain. */
  secuencia: number;
  estado: EstadoCola;
  /** Submissions attempted so far. */
  intentos: number;
  /** Not to be sent before this instant (ms since epoch): back-off after a failed attempt. */
  noAntesDe?: number | null;
  /** Largest message this record may travel in (halved after a refused message to isolate a bad record). */
  loteMaximo?: number | null;
  /** Held back by an outage: it goes out in incident mode. */
  retrasado?: boolean;
}

export interface EstadoEnvioEmpresa {
  /** Earliest instant (ms) of the next submission: last answer + the channel's wait (or a blocked queue's retry). */
  siguienteEnvio: number;
  /** The service could not be reached: incident mode. */
  incidencia: boolean;
  fallosSeguidos: number;
  /** A configuration problem that stops every submission of the company until fixed. */
  bloqueo?: { Codigo?: number; Mensaje: string };
}

export const ESTADO_ENVIO_INICIAL: EstadoEnvioEmpresa = { siguienteEnvio: 0, incidencia: false, fallosSeguidos: 0 };

/** What a channel says about its queue (defaults: 30 s first back-off, 1 h longest, 30 min for a blocked queue). */
export interface ReglasCola<F extends FilaCola> {
  /** Records per message at most. */
  maxPorEnvio: number;
  /** First back-off after a failure (doubles each time). */
  esperaBaseMs?: number;
  /** Longest back-off. */
  esperaMaximaMs?: number;
  /** Retry interval of a blocked queue. */
  esperaBloqueoMs?: number;
  /**
   * What a back-off counts: the company's failures in a row (a channel that keeps a send state) or each record's
   * own attempts.
   */
  fallosDe?: 'empresa' | 'registro';
  /** Whether an outage marks every pending record as held back (`retrasado`), for channels with incident mode. */
  incidencia?: boolean;
  /** Records with the same key never travel in one message (an invoice's alta and its anulación). */
  clave?: (f: F) => string;
}

export type Plan =
  | { accion: 'enviar'; ids: string[]; incidencia: boolean }
  | { accion: 'esperar'; hasta: number; motivo: 'flujo' | 'reintento' | 'bloqueo' }
  | { accion: 'nada' };

/** A change of one queue row; `V` are the channel's answer fields (codes, texts, registration numbers). */
export type Cambio<V extends object> = {
  id: string;
  estado?: EstadoCola;
  intentos?: number;
  noAntesDe?: number | null;
  loteMaximo?: number | null;
  retrasado?: boolean;
} & Partial<V>;

/** The service's verdict on one record: its new state and the channel's answer fields. */
export type Veredicto<V extends object> = { estado: 'enviado' | 'conerrores' | 'rechazado' } & Partial<V>;

/** How a channel reads an answer to a message with the records of `lote`. */
export type Lectura<V extends object> =
  /** Nothing is known of the records (network, timeout, a service error): the same ones again after a back-off. */
  | { tipo: 'transitorio'; campos?: Partial<V> }
  /** A configuration fault: the company's queue stops, its records untouched. */
  | { tipo: 'bloqueo'; Mensaje: string; Codigo?: number }
  /** The message refused as a whole: split it until the bad record is alone, then reject it with `campos`. */
  | { tipo: 'mensaje'; campos: Partial<V> }
  /** One verdict per record of the batch, in its order (undefined: not answered, tried again later). */
  | { tipo: 'registros'; esperaMs: number; veredictos: readonly (Veredicto<V> | undefined)[] };

export interface ResultadoAplicado<V extends object> {
  estado: EstadoEnvioEmpresa;
  cambios: Cambio<V>[];
}

/**
 * A channel's submission client: builds its message with these records and sends it. It never throws for a
 * transport problem (that is an answer too); a throw means the message could not be built.
 */
export interface ClienteCanal<R, A> {
  enviar(lote: readonly R[], opciones: { incidencia: boolean }): Promise<A>;
  cerrar?(): void;
}

/** A channel on the queue: its rules, its client, how its answer reads. */
export interface CanalCola<F extends FilaCola, R, A, V extends object> {
  reglas: ReglasCola<F>;
  cliente: ClienteCanal<R, A>;
  leer(respuesta: A, lote: readonly F[]): Lectura<V>;
  /** The answer that stands for a message that could not be built (read as a message refused as a whole). */
  sinMensaje(mensaje: string): A;
}

/** No answer fields: the start of a change that sets only the queue's own columns. */
const sinCampos = <V extends object>(): Partial<V> => ({});

function pendientes<F extends FilaCola>(filas: readonly F[]): F[] {
  return filas.filter((r) => r.estado === 'generado').sort((a, b) => a.secuencia - b.secuencia);
}

/** Back-off after `fallos` failures in a row: base, doubled each time, up to the longest. */
export function esperaReintento(fallos: number, reglas: Pick<ReglasCola<never>, 'esperaBaseMs' | 'esperaMaximaMs'>) {
  const base = reglas.esperaBaseMs ?? 30_000;
  const maxima = reglas.esperaMaximaMs ?? 3_600_000;
  return Math.min(maxima, base * 2 ** Math.min(30, Math.max(0, fallos - 1)));
}

/** What to do next for one company's queue. */
export function planificar<F extends FilaCola>(
  filas: readonly F[],
  estado: EstadoEnvioEmpresa,
  ahora: number,
  reglas: ReglasCola<F>,
): Plan {
  const max = reglas.maxPorEnvio;
  const cola = pendientes(filas);
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
  const lote: F[] = [];
  const claves = new Set<string>();
  for (const r of cola) {
    if (lote.length >= tamano) break;
    if (r.noAntesDe && r.noAntesDe > ahora) break;
    const clave = reglas.clave?.(r);
    if (clave !== undefined) {
      if (claves.has(clave)) break;
      claves.add(clave);
    }
    lote.push(r);
  }
  return {
    accion: 'enviar',
    ids: lote.map((r) => r.id),
    incidencia: estado.incidencia || lote.some((r) => r.retrasado),
  };
}

export interface EntradaLectura<F extends FilaCola> {
  /** All of the company's queue rows (pending ones are marked `retrasado` when an outage starts). */
  filas: readonly F[];
  estado: EstadoEnvioEmpresa;
  /** The ids that were sent (the plan's). */
  lote: readonly string[];
  ahora: number;
}

/** What an answer, as the channel read it, means for the queue rows and the company's send state. */
export function aplicarLectura<F extends FilaCola, V extends object>(
  entrada: EntradaLectura<F>,
  lectura: Lectura<V>,
  reglas: ReglasCola<F>,
): ResultadoAplicado<V> {
  const { filas, estado, ahora } = entrada;
  const porId = new Map(filas.map((r) => [r.id, r]));
  const lote = entrada.lote.map((id) => {
    const r = porId.get(id);
    if (!r) throw new Error(`Registro ${id} del lote desconocido`);
    return r;
  });

  if (lectura.tipo === 'transitorio') {
    const fallos = estado.fallosSeguidos + 1;
    const espera = (r: F) => esperaReintento(reglas.fallosDe === 'registro' ? r.intentos + 1 : fallos, reglas);
    const enLote = new Set(entrada.lote);
    const cambios: Cambio<V>[] = lote.map((r) => ({
      ...sinCampos<V>(),
      id: r.id,
      intentos: r.intentos + 1,
      noAntesDe: ahora + espera(r),
      ...(reglas.incidencia === false ? {} : { retrasado: true }),
      ...lectura.campos,
    }));
    if (reglas.incidencia !== false) {
      for (const r of pendientes(filas))
        if (!enLote.has(r.id) && !r.retrasado) cambios.push({ ...sinCampos<V>(), id: r.id, retrasado: true });
    }
    return { estado: { ...estado, fallosSeguidos: fallos, incidencia: true }, cambios };
  }
  if (lectura.tipo === 'bloqueo') {
    const { Codigo, Mensaje } = lectura;
    return {
      estado: {
        ...estado,
        siguienteEnvio: ahora + (reglas.esperaBloqueoMs ?? 1_800_000),
        bloqueo: Codigo === undefined ? { Mensaje } : { Codigo, Mensaje },
      },
      cambios: [],
    };
  }
  if (lectura.tipo === 'mensaje') {
    const sinIncidencia = { ...estado, fallosSeguidos: 0, incidencia: false };
    if (lote.length > 1) {
      const mitad = Math.ceil(lote.length / 2);
      return { estado: sinIncidencia, cambios: lote.map((r) => ({ ...sinCampos<V>(), id: r.id, loteMaximo: mitad })) };
    }
    return {
      estado: sinIncidencia,
      cambios: lote.map((r) => ({
        id: r.id,
        estado: 'rechazado' as const,
        intentos: r.intentos + 1,
        noAntesDe: null,
        loteMaximo: null,
        ...lectura.campos,
      })),
    };
  }
  const nuevoEstado: EstadoEnvioEmpresa = {
    siguienteEnvio: ahora + lectura.esperaMs,
    incidencia: false,
    fallosSeguidos: 0,
  };
  const cambios = lote.map((r, i): Cambio<V> => {
    const intentos = r.intentos + 1;
    const veredicto = lectura.veredictos[i];
    // The service did not answer for this record: try it again later.
    if (!veredicto)
      return { ...sinCampos<V>(), id: r.id, intentos, noAntesDe: ahora + esperaReintento(intentos, reglas) };
    return { id: r.id, intentos, noAntesDe: null, loteMaximo: null, ...veredicto };
  });
  return { estado: nuevoEstado, cambios };
}

/** Applies changes to in-memory rows (the runner between two steps of one round, and tests). */
export function aplicarCambios<F extends FilaCola>(filas: readonly F[], cambios: readonly Cambio<object>[]): F[] {
  const porId = new Map(cambios.map((c) => [c.id, c]));
  return filas.map((r) => {
    const c = porId.get(r.id);
    if (!c) return r;
    const campos: Partial<FilaCola> = {};
    if (c.estado !== undefined) campos.estado = c.estado;
    if (c.intentos !== undefined) campos.intentos = c.intentos;
    if (c.noAntesDe !== undefined) campos.noAntesDe = c.noAntesDe;
    if (c.loteMaximo !== undefined) campos.loteMaximo = c.loteMaximo;
    if (c.retrasado !== undefined) campos.retrasado = c.retrasado;
    return { ...r, ...campos };
  });
}

export interface EntradaPaso<F extends FilaCola> {
  filas: readonly F[];
  estado: EstadoEnvioEmpresa;
  ahora: number;
}

export interface ResultadoPaso<V extends object, A> extends ResultadoAplicado<V> {
  plan: Plan;
  /** The channel's answer to the step's message (none when the plan did not send). */
  respuesta?: A;
}

/** One step of a company's queue: plan, build and send the message through the channel's client, read the answer. */
export async function pasoDeCola<F extends FilaCola, R, A, V extends object>(
  canal: CanalCola<F, R, A, V>,
  e: EntradaPaso<F>,
  registro: (fila: F) => R,
): Promise<ResultadoPaso<V, A>> {
  const plan = planificar(e.filas, e.estado, e.ahora, canal.reglas);
  if (plan.accion !== 'enviar') return { plan, estado: e.estado, cambios: [] };
  const porId = new Map(e.filas.map((f) => [f.id, f]));
  const lote = plan.ids.map((id) => porId.get(id)!);
  let respuesta: A;
  try {
    respuesta = await canal.cliente.enviar(lote.map(registro), { incidencia: plan.incidencia });
  } catch (error) {
    // The message could not even be built (a record with a character XML cannot carry…): read as a message
    // refused as a whole, the batch is split until that record is alone and rejected, so it blocks nobody.
    respuesta = canal.sinMensaje(`No se pudo construir el mensaje: ${(error as Error).message}`);
  }
  const aplicado = aplicarLectura(
    { filas: e.filas, estado: e.estado, lote: plan.ids, ahora: e.ahora },
    canal.leer(respuesta, lote),
    canal.reglas,
  );
  return { plan, ...aplicado, respuesta };
}
