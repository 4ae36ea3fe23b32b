import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomToken, tokenHash } from '../auth/tokens.ts';
import type { Db } from '../db/database.ts';
import { enlacesEmail } from '../db/schema.ts';
import { escribirIdentidad } from './personas.ts';

/**
 * A person changes their own e-mail only by proving they receive mail at the new address: the request mails a
 * single-use link there (and a notice to the old address); following it sets the address. Until then nothing
 * changes, so a stolen session cannot redirect password recovery to an address of the thief's.
 *
 * The new address travels inside the link itself: the token is a random part of fixed length followed by the
 * address in base64url, and only the SHA-256 of the whole token is stored, so the address cannot be altered
 * without the stored hash no longer matching (no column of its own is needed).
 */
const TIPO = 'cambiaemail';
export const CAMBIO_EMAIL_HORAS = 24;
const ALEATORIO = randomToken().length;

export async function pedirCambioEmail(db: Db, personaId: number, email: string, now = Date.now()): Promise<string> {
  const token = randomToken() + Buffer.from(email, 'utf8').toString('base64url');
  await db.insert(enlacesEmail).values({
    personaId,
    tipo: TIPO,
    tokenHash: tokenHash(token),
    expira: new Date(now + CAMBIO_EMAIL_HORAS * 3_600_000),
  });
  return token;
}

/**
 * Follows a change link: the person's e-mail becomes the address in it, and recovery links still open for the old
 * address stop working. Null when the link is unknown, used, expired or of another kind.
 */
export async function confirmarCambioEmail(
  db: Db,
  token: string,
): Promise<{ personaId: number; email: string } | null> {
  if (token.length <= ALEATORIO) return null;
  return db.transaction(async (tx) => {
    const personaId = await consumirEnlace(tx, token, TIPO);
    if (personaId === null) return null;
    const email = Buffer.from(token.slice(ALEATORIO), 'base64url').toString('utf8');
    await escribirIdentidad(tx, personaId, { email });
    await tx
      .update(enlacesEmail)
      .set({ usado: new Date() })
      .where(and(eq(enlacesEmail.personaId, personaId), eq(enlacesEmail.tipo, 'recupera'), isNull(enlacesEmail.usado)));
    return { personaId, email };
  });
}

/** Marks an e-mailed link used and returns its person; null when unknown, used, expired or of another kind. */
export async function consumirEnlace(db: Db, token: string, tipo: string): Promise<number | null> {
  const [row] = await db
    .update(enlacesEmail)
    .set({ usado: new Date() })
    .where(
      and(
        eq(enlacesEmail.tokenHash, tokenHash(token)),
        eq(enlacesEmail.tipo, tipo),
        isNull(enlacesEmail.usado),
        gt(enlacesEmail.expira, new Date()),
      ),
    )
    .returning({ personaId: enlacesEmail.personaId });
  return row?.personaId ?? null;
}
