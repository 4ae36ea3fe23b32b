import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type CompanyDirectory, companyDirectory } from '../../platform/tenancy/directory.ts';
import type { CompanyTable, Scope } from '../../platform/tenancy/scope.ts';
import {
  aplicarCambios,
  type Cambio,
  type CanalCola,
  ESTADO_ENVIO_INICIAL,
  type EstadoEnvioEmpresa,
  type FilaCola,
  type Plan,
  pasoDeCola,
  type ResultadoPaso,
} from '../../registrosFiscales/cola.ts';

/**
 * The fiscal-record queue on the database, one runner for every channel. One sender per company: a lease row
 * (the channel's `turnoEnvio` table) taken with a conditional UPDATE, so two processes (or the timer and a "send
 * now") never send the same company's records at once, and a crashed sender's lease simply expires. A round loads
 * the company's pending records in chain order, runs the engine's steps (`registrosFiscales/cola.ts`: plan, send
 * through the channel's client, read the answer) and stores each step in one transaction. A channel declares where
 * its rows are and how a step is stored (`ColaCanal`); the timer (`iniciarTrabajador`) runs rounds for every
 * company with pending records.
 */

/** The platform's database as the jobs receive it (only handed to the company directory). */
export type Plataforma = Parameters<typeof companyDirectory>[0]['database'];

/** A sender table: one row per company with the `turnoEnvio` columns. */
export type TablaTurno = CompanyTable & { bloqueadoPor: AnyPgColumn; bloqueadoHasta: AnyPgColumn };

/** A pending record: its queue row as the planner sees it and the stored record its message carries. */
export interface Pendiente<F extends FilaCola, R> {
  fila: F;
  registro: R;
}

/** A queue table: one row per record (`tablaCola`), found by the record's id. */
export type TablaCola = CompanyTable & { idRegistro: AnyPgColumn };

/** Where a channel's queue lives and how a step is stored. */
export interface ColaCanal<F extends FilaCola, R, A, V extends object, T extends TablaCola = TablaCola> {
  cola: T;
  turno: TablaTurno;
  /** How long a sender's lease lasts (a crashed sender's expires). */
  leaseMs: number;
  /** Creates the company's sender row when it has none. */
  asegurarTurno(s: Scope): Promise<void>;
  /** The company's pending records (state `generado`) in chain order, enough for `pasos` messages. */
  pendientes(s: Scope, pasos: number): Promise<Pendiente<F, R>[]>;
  /** The company's send state; a channel that keeps none starts every round from the initial state. */
  leerEstado?(s: Scope): Promise<EstadoEnvioEmpresa>;
  /** A row's new columns: the queue's own (`comunes`) and the channel's answer columns. */
  columnas(c: Cambio<V>, comunes: ReturnType<typeof columnasCola>): PgUpdateSetSource<T>;
  /** What else a stored change moves (an accepted cancellation takes its invoice's records out of the queue). */
  alGuardar?(tx: Scope, c: Cambio<V>): Promise<void>;
  /** Stores the step's send state and last answer, in the step's transaction. */
  guardarPaso?(tx: Scope, paso: ResultadoPaso<V, A>, ahora: number): Promise<void>;
}

/**
 * A channel's sender table whose lease row needs nothing but the company: `turno` and an `asegurarTurno` that
 * creates that row when it is missing (a channel keeping its send state in the row writes its own).
 */
export function turnoPropio(
  turno: TablaTurno,
): Pick<ColaCanal<FilaCola, unknown, unknown, object>, 'turno' | 'asegurarTurno'> {
  return {
    turno,
    async asegurarTurno(s) {
      await s.insert(turno, {}).onConflictDoNothing();
    },
  };
}

/** The fields of `o` that are set (undefined ones left out): the columns a change writes. */
export function definidos<O extends object>(o: O): { [K in keyof O]?: Exclude<O[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof O]?: Exclude<O[K], undefined>;
  };
}

/** The fields `claves` of `o` that are set: a change's answer fields stored in columns of the same name. */
export function elegidos<O extends object, K extends keyof O>(o: O, claves: readonly K[]) {
  const elegido: { [P in K]?: O[P] } = {};
  for (const k of claves) elegido[k] = o[k];
  return definidos(elegido);
}

/** The columns every queue row takes from a change (the channel adds its own answer columns). */
export function columnasCola(c: Cambio<object>, ahora: number) {
  const instante = new Date(ahora).toISOString();
  return {
    actualizado: instante,
    ...definidos({ estado: c.estado, intentos: c.intentos, noAntesDe: c.noAntesDe }),
    ...(c.estado && c.estado !== 'generado' ? { enviado: instante } : {}),
  };
}

/** Stores one step that sent a message, in one transaction: every row's change, then the step itself. */
async function guardar<F extends FilaCola, R, A, V extends object, T extends TablaCola>(
  cola: ColaCanal<F, R, A, V, T>,
  tx: Scope,
  paso: ResultadoPaso<V, A>,
  ahora: number,
): Promise<void> {
  for (const c of paso.cambios) {
    await tx.update(cola.cola, cola.columnas(c, columnasCola(c, ahora)), eq(cola.cola.idRegistro, Number(c.id)));
    await cola.alGuardar?.(tx, c);
  }
  await cola.guardarPaso?.(tx, paso, ahora);
}

/** Takes the company's sender lease for `quien` (again if it already holds it); false when another one holds it. */
export async function tomarTurno(
  cola: Pick<ColaCanal<FilaCola, unknown, unknown, object>, 'turno' | 'leaseMs' | 'asegurarTurno'>,
  s: Scope,
  quien: string,
  ahora = Date.now(),
): Promise<boolean> {
  await cola.asegurarTurno(s);
  const t = cola.turno;
  const hasta = new Date(ahora + cola.leaseMs).toISOString();
  const desde = new Date(ahora).toISOString();
  const filas = await s.execute(
    (_empresaId, de) => sql`update ${t} e set bloqueado_por = ${quien}, bloqueado_hasta = ${hasta}
      where ${de('e')} and (e.bloqueado_hasta is null or e.bloqueado_hasta <= ${desde} or e.bloqueado_por = ${quien})
      returning e.empresa_id`,
  );
  return filas.length === 1;
}

/** Lets go of the lease `quien` holds (nothing when it holds none). */
export async function soltarTurno(
  cola: Pick<ColaCanal<FilaCola, unknown, unknown, object>, 'turno'>,
  s: Scope,
  quien: string,
) {
  const t = cola.turno;
  await s.execute(
    (_empresaId, de) =>
      sql`update ${t} e set bloqueado_por = null, bloqueado_hasta = null where ${de('e')} and e.bloqueado_por = ${quien}`,
  );
}

export interface OpcionesRonda {
  /** Who sends (the lease's holder). */
  quien: string;
  /** The planner's clock (ms); the lease always runs on the real one. */
  ahora?: () => number;
  /** Steps at most (each step is one message). */
  maxPasos: number;
}

export interface ResumenRonda<V extends object, A> {
  /** Another sender holds the company's lease: nothing was done. */
  ocupado: boolean;
  pasos: number;
  /** Records that left the queue with the service's verdict. */
  enviados: number;
  /** Of those, rejected. */
  rechazados: number;
  plan: Plan['accion'];
  /** When the next attempt makes sense (ms since epoch), if the queue is waiting. */
  hasta?: number;
  motivo?: string;
  /** The last step that sent a message: its changes and the channel's answer. */
  ultimo?: ResultadoPaso<V, A> & { ahora: number };
}

/** One round of a company's queue while holding its lease: steps until the plan says wait, nothing or enough. */
export async function enviarCola<F extends FilaCola, R, A, V extends object, T extends TablaCola>(
  cola: ColaCanal<F, R, A, V, T>,
  canal: CanalCola<F, R, A, V>,
  s: Scope,
  op: OpcionesRonda,
): Promise<ResumenRonda<V, A>> {
  const ahora = op.ahora ?? Date.now;
  const out: ResumenRonda<V, A> = { ocupado: false, pasos: 0, enviados: 0, rechazados: 0, plan: 'nada' };
  if (!(await tomarTurno(cola, s, op.quien))) {
    canal.cliente.cerrar?.();
    return { ...out, ocupado: true, plan: 'esperar', motivo: 'ocupado' };
  }
  try {
    const pendientes = await cola.pendientes(s, op.maxPasos);
    const registros = new Map(pendientes.map((p) => [p.fila.id, p.registro]));
    let filas = pendientes.map((p) => p.fila);
    let estado = (await cola.leerEstado?.(s)) ?? ESTADO_ENVIO_INICIAL;
    for (let paso = 0; paso < op.maxPasos; paso++) {
      const t = ahora();
      const r = await pasoDeCola(canal, { filas, estado, ahora: t }, (f) => registros.get(f.id)!);
      out.plan = r.plan.accion;
      if (r.plan.accion !== 'enviar') {
        if (r.plan.accion === 'esperar') {
          out.hasta = r.plan.hasta;
          out.motivo = r.plan.motivo;
        }
        break;
      }
      await s.tx((tx) => guardar(cola, tx, r, t));
      filas = aplicarCambios(filas, r.cambios);
      estado = r.estado;
      out.pasos++;
      out.ultimo = { ...r, ahora: t };
      for (const c of r.cambios) {
        if (!c.estado || c.estado === 'generado') continue;
        out.enviados++;
        if (c.estado === 'rechazado') out.rechazados++;
      }
    }
  } finally {
    canal.cliente.cerrar?.();
    await soltarTurno(cola, s, op.quien);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The timer in the server process

export interface Trabajador {
  /** One pass over every company with pending records (also what the timer runs). */
  pasada(): Promise<void>;
  detener(): Promise<void>;
}

/** What a channel's timer needs: its name for the log, where pending records are, and a company's round. */
export interface TrabajoCanal {
  nombre: string;
  /** The companies with pending records. */
  empresas(directorio: CompanyDirectory): Promise<number[]>;
  /** Whether the company can send at all (a certificate and a destination). */
  lista(s: Scope): Promise<boolean>;
  /** One round; `hasta` when the company's queue is waiting. */
  enviar(s: Scope): Promise<{ pasos: number; enviados: number; hasta?: number }>;
}

export interface OpcionesTrabajador {
  intervaloMs?: number;
  log?: (mensaje: string) => void;
}

/**
 * Started by the server (never by tests unless they ask): every `intervaloMs` it runs a round for each company with
 * pending records that can send, honouring each company's wait (flow control, back-off). Stoppable: `detener()`
 * waits for the pass in progress.
 */
export function iniciarTrabajador(
  database: Plataforma,
  trabajo: TrabajoCanal,
  op: OpcionesTrabajador = {},
): Trabajador {
  const intervalo = op.intervaloMs ?? 15_000;
  let parado = false;
  let temporizador: NodeJS.Timeout | null = null;
  let enCurso: Promise<void> | null = null;
  const esperaHasta = new Map<number, number>();

  const pasada = async () => {
    const empresas = companyDirectory({ database });
    for (const id of await trabajo.empresas(empresas)) {
      if (parado) return;
      if ((esperaHasta.get(id) ?? 0) > Date.now()) continue;
      const scope = empresas.scope(id);
      if (!(await trabajo.lista(scope))) continue;
      try {
        const r = await trabajo.enviar(scope);
        if (r.hasta) esperaHasta.set(id, r.hasta);
        else esperaHasta.delete(id);
        if (r.pasos)
          op.log?.(`${trabajo.nombre}: empresa ${id}, ${r.enviados} registros enviados en ${r.pasos} envíos`);
      } catch (error) {
        op.log?.(`${trabajo.nombre}: empresa ${id}: ${(error as Error).message}`);
      }
    }
  };
  const ciclo = () => {
    if (parado) return;
    enCurso = pasada()
      .catch((error) => op.log?.(`${trabajo.nombre}: ${(error as Error).message}`))
      .finally(() => {
        enCurso = null;
        if (!parado) {
          temporizador = setTimeout(ciclo, intervalo);
          temporizador.unref?.();
        }
      });
  };
  temporizador = setTimeout(ciclo, Math.min(intervalo, 2_000));
  temporizador.unref?.();
  return {
    pasada: () => pasada(),
    async detener() {
      parado = true;
      if (temporizador) clearTimeout(temporizador);
      await enCurso;
    },
  };
}
