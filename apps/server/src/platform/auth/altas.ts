/**
 * Limits of the public sign-ups (registro/nuevacuenta, registro/nuevacontratacion), shared by both forms so neither
 * is a way around the other: per source address, and per e-mail address, so nobody can fill a stranger's mailbox
 * with confirmation or contract mails whatever names and companies they type. Checked before any work is done.
 */
import type { Db } from '../db/database.ts';
import { TooManyError } from '../http/errors.ts';
import { TOO_MANY } from './intentos.ts';
import { Throttle } from './throttle.ts';

/** Sign-ups from one address within ALTA_VENTANA_MS. */
export const ALTA_POR_DIRECCION = 10;
const ALTA_VENTANA_MS = 15 * 60_000;
/** Sign-up mails to one e-mail address within ALTA_CORREOS_MS. */
export const ALTA_CORREOS = 3;
const ALTA_CORREOS_MS = 24 * 60 * 60_000;

export function limitesAlta(db: Db, now: () => number = Date.now) {
  const porDireccion = new Throttle(db, 'alta', ALTA_POR_DIRECCION, ALTA_VENTANA_MS, now);
  const porCorreo = new Throttle(db, 'alta-correo', ALTA_CORREOS, ALTA_CORREOS_MS, now);
  return {
    /** Takes a place for this sign-up, or throws a 429 with Retry-After (nothing was built or mailed). */
    async comprobar(ip: string, email: string): Promise<void> {
      const wait = (await porDireccion.take(ip)) || (await porCorreo.take(email.trim().toLowerCase()));
      if (wait > 0) throw new TooManyError(TOO_MANY, wait);
    },
  };
}
