import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { empresas, miembros, personas } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { LOCK_AFTER_FAILURES } from './loginLimits.ts';

export interface LockedPerson {
  id: number;
  userName: string;
  nombre: string;
  email: string;
}

/**
 * When a temporary lock starts: a notice to the person and to the owner of every company they belong to (through
 * the platform mailer, so it lands in the outbox too).
 */
export async function sendLockNotices(
  db: Db,
  mailer: Mailer,
  persona: LockedPerson,
  options: { minutes: number; publicUrl: string },
): Promise<void> {
  await mailer.send({
    to: persona.email,
    subject: 'Faro: hemos bloqueado temporalmente tu acceso',
    text:
      `Hola ${persona.nombre}:\n\n` +
      `Se ha intentado entrar ${LOCK_AFTER_FAILURES} veces seguidas con una contraseña incorrecta en el usuario ` +
      `${persona.userName}, así que hemos bloqueado su inicio de sesión durante ${options.minutes} minutos. ` +
      'Las sesiones que ya tenías abiertas siguen funcionando.\n\n' +
      'Si no has sido tú, alguien podría estar intentando adivinar tu contraseña: te recomendamos cambiarla en ' +
      `${options.publicUrl}/registro/recuperar. El bloqueo se levanta solo pasado ese tiempo, o antes si lo ` +
      'desbloquea el administrador.\n',
  });
  const memberships = db
    .select({ empresaId: miembros.empresaId })
    .from(miembros)
    .where(and(eq(miembros.personaId, persona.id), eq(miembros.baja, false)));
  const owners = await db
    .select({ email: personas.email, nombre: personas.nombre, empresa: empresas.nombre, personaId: personas.id })
    .from(miembros)
    .innerJoin(personas, eq(personas.id, miembros.personaId))
    .innerJoin(empresas, eq(empresas.id, miembros.empresaId))
    .where(and(inArray(miembros.empresaId, memberships), eq(miembros.propietario, true), eq(miembros.baja, false)));
  for (const owner of owners) {
    if (owner.personaId === persona.id) continue;
    await mailer.send({
      to: owner.email,
      subject: `Faro: acceso bloqueado temporalmente en ${owner.empresa}`,
      text:
        `Hola ${owner.nombre}:\n\n` +
        `El usuario ${persona.userName} (${persona.nombre}) de ${owner.empresa} ha quedado bloqueado durante ` +
        `${options.minutes} minutos tras ${LOCK_AFTER_FAILURES} intentos seguidos de inicio de sesión con una ` +
        'contraseña incorrecta. Sus sesiones abiertas siguen funcionando. Si no ha sido él, alguien podría estar ' +
        'intentando adivinar su contraseña. Como propietario puedes pedir al administrador que lo desbloquee antes.\n',
    });
  }
}
