import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { fichajesPines, miembros } from '../../platform/tenancy/tables.ts';

/** After this many wrong PINs in a row the kiosk refuses the code until a manager sets a new PIN. */
const MAX_FALLOS = 5;
const REFUSED = 'Código de empleado o PIN incorrectos';

const hash = (pin: string, salt: string) => `${salt}:${scryptSync(pin, salt, 32).toString('hex')}`;

export async function guardarPin(scope: Scope, personaId: number, pin: string): Promise<void> {
  const PinHash = hash(pin, randomBytes(16).toString('hex'));
  await scope.insert(fichajesPines, { IdPersona: personaId, PinHash }).onConflictDoUpdate({
    target: [fichajesPines.empresaId, fichajesPines.IdPersona],
    set: { PinHash, Fallos: 0, CambiadoEn: new Date() },
  });
}

/** The person of an employee code whose PIN matches (time clock enabled), or a 400 that says nothing more. */
export async function comprobarPin(scope: Scope, codigo: string, pin: string): Promise<number> {
  const [m] = await scope
    .pick(
      { personaId: miembros.personaId, PinHash: fichajesPines.PinHash, Fallos: fichajesPines.Fallos },
      miembros,
      and(eq(miembros.codigoEmpleado, codigo), eq(miembros.fichajeActivo, true), eq(miembros.baja, false)),
    )
    .innerJoin(fichajesPines, and(scope.on(fichajesPines), eq(fichajesPines.IdPersona, miembros.personaId)));
  if (!m || m.Fallos >= MAX_FALLOS) throw new AppError(400, REFUSED);
  const [salt = ''] = m.PinHash.split(':');
  const ok = timingSafeEqual(Buffer.from(hash(pin, salt)), Buffer.from(m.PinHash));
  await scope.update(
    fichajesPines,
    { Fallos: ok ? 0 : sql`${fichajesPines.Fallos} + 1` },
    eq(fichajesPines.IdPersona, m.personaId),
  );
  if (!ok) throw new AppError(400, REFUSED);
  return m.personaId;
}
