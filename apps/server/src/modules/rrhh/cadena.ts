import {
  coordenada,
  type EslabonFichaje,
  type EstadoFichaje,
  huellaFichaje,
  MSG,
  nextClockState,
  verificarCadenaFichajes,
} from '@faro/domain';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { fichajes } from '../../platform/tenancy/tables.ts';

export type FichajeRow = typeof fichajes.$inferSelect;

/** The hashed content of a stored entry. */
export function eslabon(r: FichajeRow): EslabonFichaje & { Huella: string | null; HuellaAnterior: string | null } {
  return {
    Id: r.id,
    Persona: r.personaId,
    Fecha: r.fecha.toISOString(),
    Registrado: r.registrado.toISOString(),
    Tipo: r.tipo,
    Estado: r.estado,
    MotivoPausa: r.motivoPausa,
    Origen: r.origen,
    Offline: r.offline,
    Corrige: r.corrigeId,
    Latitud: r.latitud,
    Longitud: r.longitud,
    Ip: r.ip,
    Dispositivo: r.dispositivo,
    IdCliente: r.idCliente,
    Huella: r.huella,
    HuellaAnterior: r.huellaAnterior,
  };
}

export interface NuevoFichaje {
  tipo: 'j' | 'p';
  /** Given by a correction; otherwise the state machine decides from the state at `fecha`. */
  estado?: Exclude<EstadoFichaje, ''>;
  motivoPausa?: string | null;
  fecha: Date;
  origen: 'w' | 'm' | 'k';
  latitud?: number | null;
  longitud?: number | null;
  ip?: string | null;
  dispositivo?: string | null;
  offline?: boolean;
  idCliente?: string | null;
  corrigeId?: number | null;
}

/** Serialises one person's clock: a transaction-scoped advisory lock on (company, person). */
export async function bloquearPersona(tx: Scope, personaId: number): Promise<void> {
  await tx.execute((empresaId) => sql`select pg_advisory_xact_lock(${empresaId}::int, ${personaId}::int)`);
}

/** The person's state at an instant (the last entry at or before it). */
export async function estadoEn(tx: Scope, personaId: number, at: Date): Promise<EstadoFichaje> {
  const [last] = await tx
    .pick({ estado: fichajes.estado }, fichajes, and(eq(fichajes.personaId, personaId), lte(fichajes.fecha, at)))
    .orderBy(desc(fichajes.fecha), desc(fichajes.id))
    .limit(1);
  return (last?.estado ?? '') as EstadoFichaje;
}

/**
 * Appends one entry to the person's chain (call inside `scope.tx`; takes the person's lock). An entry with an
 * `idCliente` already stored is not added twice: the stored one is returned (offline queues resend).
 */
export async function anotarFichaje(
  tx: Scope,
  personaId: number,
  n: NuevoFichaje,
): Promise<{ row: FichajeRow; repetido: boolean }> {
  await bloquearPersona(tx, personaId);
  if (n.idCliente) {
    const [same] = await tx.select(
      fichajes,
      and(eq(fichajes.personaId, personaId), eq(fichajes.idCliente, n.idCliente)),
    );
    if (same) return { row: same, repetido: true };
  }
  let estado = n.estado;
  if (!estado) {
    const t = nextClockState(await estadoEn(tx, personaId, n.fecha), n.tipo);
    if (!t.ok) throw new AppError(400, t.message);
    estado = t.next;
  }
  if (estado === 'p' && !n.motivoPausa) {
    throw new AppError(400, MSG.formInvalid, [{ Campo: 'MotivoPausa', Mensaje: MSG.required('Motivo de la pausa') }]);
  }
  const [prev] = await tx
    .pick({ huella: fichajes.huella }, fichajes, eq(fichajes.personaId, personaId))
    .orderBy(desc(fichajes.id))
    .limit(1);
  const registrado = new Date();
  const values = {
    personaId,
    fecha: n.fecha,
    registrado,
    tipo: n.tipo,
    estado,
    motivoPausa: estado === 'p' ? (n.motivoPausa ?? null) : null,
    latitud: coordenada(n.latitud),
    longitud: coordenada(n.longitud),
    origen: n.origen,
    offline: n.offline ?? false,
    idCliente: n.idCliente ?? null,
    corrigeId: n.corrigeId ?? null,
    ip: n.ip?.slice(0, 64) ?? null,
    dispositivo: n.dispositivo?.slice(0, 200) ?? null,
  };
  const huellaAnterior = prev?.huella ?? '';
  const huella = huellaFichaje(
    {
      Id: 0,
      Persona: personaId,
      Fecha: values.fecha.toISOString(),
      Registrado: registrado.toISOString(),
      Tipo: values.tipo,
      Estado: values.estado,
      MotivoPausa: values.motivoPausa,
      Origen: values.origen,
      Offline: values.offline,
      Corrige: values.corrigeId,
      Latitud: values.latitud,
      Longitud: values.longitud,
      Ip: values.ip,
      Dispositivo: values.dispositivo,
      IdCliente: values.idCliente,
    },
    huellaAnterior,
  );
  const [row] = await tx.insert(fichajes, { ...values, huella, huellaAnterior }).returning();
  await tx.audit({
    accion: 'A',
    recurso: 'fichajes',
    idRegistro: row!.id,
    campos: { Tipo: values.tipo, Estado: estado, Origen: values.origen, ...(values.offline ? { Offline: true } : {}) },
  });
  return { row: row!, repetido: false };
}

/** Verifies the chains of the company (or one person): every row read in id order, hashes recomputed. */
export async function verificarFichajes(scope: Scope, personaId?: number) {
  const rows = await scope
    .select(fichajes, personaId ? eq(fichajes.personaId, personaId) : undefined)
    .orderBy(asc(fichajes.personaId), asc(fichajes.id));
  return verificarCadenaFichajes(rows.map(eslabon));
}
