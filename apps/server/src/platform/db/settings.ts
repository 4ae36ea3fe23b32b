import { eq } from 'drizzle-orm';
import { randomSecret } from '../../config.ts';
import type { Db } from './database.ts';
import { ajustes } from './schema.ts';

/** The access-token key: TOKEN_SECRET when given, else one generated on the first start and kept in the database. */
export async function tokenSecret(db: Db, given?: string): Promise<string> {
  if (given) return given;
  const [row] = await db.select().from(ajustes).where(eq(ajustes.clave, 'token_secret'));
  if (row) return row.valor;
  const valor = randomSecret();
  await db.insert(ajustes).values({ clave: 'token_secret', valor }).onConflictDoNothing();
  const [stored] = await db.select().from(ajustes).where(eq(ajustes.clave, 'token_secret'));
  return stored!.valor;
}
