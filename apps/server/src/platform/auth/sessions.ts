import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../db/database.ts';
import { col } from '../db/entityTable.ts';
import { centrosTable, empresas, miembros, personas, sesiones } from '../db/schema.ts';
import { type AccessClaims, randomToken, signAccessToken, tokenHash } from './tokens.ts';

export interface TokenPair {
  Token: string;
  TokenRefresh: string;
  /** ISO-8601 UTC instant when Token stops being accepted. */
  Expiracion: string;
}

export interface SessionDeps {
  db: Db;
  config: Config;
  secret: string;
  now?: () => number;
}

export interface SessionTarget {
  personaId: number;
  empresaId: number | null;
  centro: string | null;
}

/** Issues a token pair on a new session row (a new family, or the given one when rotating). */
export async function issuePair(
  deps: SessionDeps,
  target: SessionTarget,
  idCliente: string,
  familia: string = randomUUID(),
): Promise<TokenPair> {
  const now = deps.now?.() ?? Date.now();
  const refresh = randomToken();
  const [row] = await deps.db
    .insert(sesiones)
    .values({
      familia,
      personaId: target.personaId,
      empresaId: target.empresaId,
      idCliente,
      refreshHash: tokenHash(refresh),
      expira: new Date(now + deps.config.refreshTokenDays * 86_400_000),
    })
    .returning({ id: sesiones.id });
  const exp = Math.floor(now / 1000) + deps.config.accessTokenMinutes * 60;
  const claims: AccessClaims = {
    sub: target.personaId,
    emp: target.empresaId,
    cen: target.centro,
    sid: row!.id,
    exp,
  };
  return {
    Token: signAccessToken(claims, deps.secret),
    TokenRefresh: `${row!.id}.${refresh}`,
    Expiracion: new Date(exp * 1000).toISOString(),
  };
}

export type RefreshResult = { ok: true; pair: TokenPair } | { ok: false; reuse: boolean };

/**
 * Rotates a refresh token. A token already used (or of a revoked family) revokes the whole family: whoever holds
 * the stolen copy and the legitimate client are both signed out.
 */
export async function rotateRefresh(deps: SessionDeps, presented: string, idCliente: string): Promise<RefreshResult> {
  const now = deps.now?.() ?? Date.now();
  const hash = tokenHash(presented.split('.').slice(1).join('.') || presented);
  const [row] = await deps.db.select().from(sesiones).where(eq(sesiones.refreshHash, hash)).limit(1);
  if (!row) return { ok: false, reuse: false };
  if (row.usada || row.revocada) {
    await revokeFamily(deps.db, row.familia);
    return { ok: false, reuse: true };
  }
  if (row.idCliente !== idCliente || row.expira.getTime() <= now) return { ok: false, reuse: false };
  // Mark used with a guard so two concurrent refreshes cannot both win.
  const claimed = await deps.db
    .update(sesiones)
    .set({ usada: new Date(now) })
    .where(and(eq(sesiones.id, row.id), isNull(sesiones.usada), isNull(sesiones.revocada)))
    .returning({ id: sesiones.id });
  if (claimed.length === 0) {
    await revokeFamily(deps.db, row.familia);
    return { ok: false, reuse: true };
  }
  const [persona] = await deps.db
    .select({ bloqueado: personas.bloqueado })
    .from(personas)
    .where(eq(personas.id, row.personaId));
  if (!persona || persona.bloqueado) return { ok: false, reuse: false };
  const centro = row.empresaId === null ? null : await defaultCentre(deps.db, row.empresaId);
  const pair = await issuePair(
    deps,
    { personaId: row.personaId, empresaId: row.empresaId, centro },
    idCliente,
    row.familia,
  );
  return { ok: true, pair };
}

export async function revokeFamily(db: Db, familia: string): Promise<void> {
  await db
    .update(sesiones)
    .set({ revocada: sql`now()` })
    .where(and(eq(sesiones.familia, familia), isNull(sesiones.revocada)));
}

/** Logout: the family of the calling session is revoked (its access and refresh tokens stop working). */
export async function revokeSessionOf(db: Db, sesionId: number): Promise<void> {
  const [row] = await db.select({ familia: sesiones.familia }).from(sesiones).where(eq(sesiones.id, sesionId));
  if (row) await revokeFamily(db, row.familia);
}

/** Revokes every session of a person (password change, lock, administrator action). */
export async function revokeAllOf(db: Db, personaId: number, exceptFamily?: string): Promise<void> {
  const rows = await db
    .selectDistinct({ familia: sesiones.familia })
    .from(sesiones)
    .where(and(eq(sesiones.personaId, personaId), isNull(sesiones.revocada)));
  for (const r of rows) if (r.familia !== exceptFamily) await revokeFamily(db, r.familia);
}

/**
 * Revokes every session family a person holds in one company (a family never changes company: switching issues a
 * new one), so a member deactivated or removed there keeps no refresh token that could come back to life.
 */
export async function revokeCompanyOf(db: Db, personaId: number, empresaId: number): Promise<void> {
  const rows = await db
    .selectDistinct({ familia: sesiones.familia })
    .from(sesiones)
    .where(and(eq(sesiones.personaId, personaId), eq(sesiones.empresaId, empresaId), isNull(sesiones.revocada)));
  for (const r of rows) await revokeFamily(db, r.familia);
}

export async function familyOf(db: Db, sesionId: number): Promise<string | undefined> {
  const [row] = await db.select({ familia: sesiones.familia }).from(sesiones).where(eq(sesiones.id, sesionId));
  return row?.familia;
}

/** The first active centre of a company (its default centre). */
export async function defaultCentre(db: Db, empresaId: number): Promise<string | null> {
  const [c] = await db
    .select({ val: col(centrosTable, 'Val') })
    .from(centrosTable)
    .where(and(eq(col(centrosTable, 'empresaId'), empresaId), eq(col(centrosTable, 'Baja'), false)))
    .orderBy(asc(col(centrosTable, 'Val')))
    .limit(1);
  return (c?.val as string | undefined) ?? null;
}

/** The company a person lands in at login: the requested code, else the last used, else the first membership. */
export async function landingCompany(db: Db, personaId: number, codigo?: string): Promise<number | null> {
  const rows = await db
    .select({ id: empresas.id, codigo: empresas.codigo })
    .from(miembros)
    .innerJoin(empresas, eq(empresas.id, miembros.empresaId))
    .where(and(eq(miembros.personaId, personaId), eq(miembros.baja, false)))
    .orderBy(asc(empresas.id));
  if (rows.length === 0) return null;
  if (codigo) {
    const hit = rows.find((r) => r.codigo.toUpperCase() === codigo.toUpperCase());
    if (hit) return hit.id;
  }
  const [p] = await db.select({ ultima: personas.ultimaEmpresaId }).from(personas).where(eq(personas.id, personaId));
  return rows.find((r) => r.id === p?.ultima)?.id ?? rows[0]!.id;
}
