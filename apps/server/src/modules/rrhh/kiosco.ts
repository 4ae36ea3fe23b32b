import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { gastarIntento } from '../../platform/auth/intentos.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { fichajesPines, miembros } from '../../platform/tenancy/tables.ts';

/** After this many wrong PINs in a row the kiosk refuses the code until a manager sets a new PIN. */
export const KIOSCO_FALLOS = 5;
const REFUSED = 'Código de empleado o PIN incorrectos';

const hash = (pin: string, salt: string) => `${salt}:${scryptSync(pin, salt, 32).toString('hex')}`;

export async function guardarPin(scope: Scope, personaId: number, pin: string): Promise<void> {
  const PinHash = hash(pin, randomBytes(16).toString('hex'));
  await scope.insert(fichajesPines, { IdPersona: personaId, PinHash }).onConflictDoUpdate({
    target: [fichajesPines.empresaId, fichajesPines.IdPersona],
    set: { PinHash, Fallos: 0, CambiadoEn: new Date() },
  });
}

/**
 * The person of an employee code whose PIN matches (time clock enabled), or a 400 that says nothing more. The attempt
 * is spent before the PIN is compared (`gastarIntento`), so parallel guesses cannot all be compared.
 */
export async function comprobarPin(scope: Scope, codigo: string, pin: string): Promise<number> {
  const [m] = await scope
    .pick(
      { personaId: miembros.personaId, PinHash: fichajesPines.PinHash },
      miembros,
      and(eq(miembros.codigoEmpleado, codigo), eq(miembros.fichajeActivo, true), eq(miembros.baja, false)),
    )
    .innerJoin(fichajesPines, and(scope.on(fichajesPines), eq(fichajesPines.IdPersona, miembros.personaId)));
  if (!m) throw new AppError(400, REFUSED);
  const mine = eq(fichajesPines.IdPersona, m.personaId);
  const taken = await gastarIntento(fichajesPines.Fallos, KIOSCO_FALLOS, (next, hayIntentos) =>
    scope.update(fichajesPines, { Fallos: next }, and(mine, hayIntentos)).returning({ n: fichajesPines.Fallos }),
  );
  if (!taken) throw new AppError(400, REFUSED);
  const [salt = ''] = m.PinHash.split(':');
  if (!timingSafeEqual(Buffer.from(hash(pin, salt)), Buffer.from(m.PinHash))) throw new AppError(400, REFUSED);
  await scope.update(fichajesPines, { Fallos: 0 }, mine);
  return m.personaId;
}
