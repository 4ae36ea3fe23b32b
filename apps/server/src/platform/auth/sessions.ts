import { createHmac, randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../db/database.ts';
import { col } from '../db/entityTable.ts';
import { centrosTable, empresas, miembros, personas, sesiones } from '../db/schema.ts';
import { type AccessClaims, randomToken, signAccessToken, tokenHash } from './tokens.ts';

/**
 * A refresh token presented again this soon after its rotation, by the same browser, is a second tab that read the
 * old token before the first one stored the new: it gets the successor instead of revoking the family.
 */
export const REFRESH_GRACE_MS = 30_000;

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
  refresh: string = randomToken(),
): Promise<TokenPair> {
  const now = deps.now?.() ?? Date.now();
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
  return pairOf(deps, target, row!.id, refresh, now);
}

function pairOf(deps: SessionDeps, target: SessionTarget, sid: number, refresh: string, now: number): TokenPair {
  const exp = Math.floor(now / 1000) + deps.config.accessTokenMinutes * 60;
  const claims: AccessClaims = { sub: target.personaId, emp: target.empresaId, cen: target.centro, sid, exp };
  return {
    Token: signAccessToken(claims, deps.secret),
    TokenRefresh: `${sid}.${refresh}`,
    Expiracion: new Date(exp * 1000).toISOString(),
  };
}

/**
 * The refresh token that succeeds a presented one: derived from it with the server secret, so only its holder and the
 * server can compute it, and the server can hand it out again during the grace window without storing it.
 */
function successorOf(deps: SessionDeps, random: string): string {
  return createHmac('sha256', deps.secret).update(`faro-sucesor\0${random}`).digest('base64url');
}

export type RefreshResult = { ok: true; pair: TokenPair } | { ok: false; reuse: boolean };

type SessionRow = typeof sesiones.$inferSelect;

/**
 * Rotates a refresh token. A token already used (or of a revoked family) revokes the whole family: whoever holds
 * the stolen copy and the legitimate client are both signed out. The one exception is the grace window: the same
 * browser presenting the token it rotated less than REFRESH_GRACE_MS ago (two tabs refreshing at once) gets its
 * still unused successor.
 */
export async function rotateRefresh(deps: SessionDeps, presented: string, idCliente: string): Promise<RefreshResult> {
  const now = deps.now?.() ?? Date.now();
  const random = presented.split('.').slice(1).join('.') || presented;
  const row = await rowByRefresh(deps.db, random);
  if (!row) return { ok: false, reuse: false };
  if (row.usada || row.revocada) return graceOrRevoke(deps, row, random, idCliente, now);
  if (row.idCliente !== idCliente || row.expira.getTime() <= now) return { ok: false, reuse: false };
  if (!(await activePerson(deps.db, row.personaId))) return { ok: false, reuse: false };
  const centro = row.empresaId === null ? null : await defaultCentre(deps.db, row.empresaId);
  const target = { personaId: row.personaId, empresaId: row.empresaId, centro };
  // Marking used and issuing the successor commit together: a concurrent refresh of the same token waits for the
  // row, then finds it used with its successor already there (the grace path).
  const pair = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(sesiones)
      .set({ usada: new Date(now) })
      .where(and(eq(sesiones.id, row.id), isNull(sesiones.usada), isNull(sesiones.revocada)))
      .returning({ id: sesiones.id });
    if (claimed.length === 0) return null;
    return issuePair({ ...deps, db: tx }, target, idCliente, row.familia, successorOf(deps, random));
  });
  if (pair) return { ok: true, pair };
  const again = await rowByRefresh(deps.db, random);
  return again ? graceOrRevoke(deps, again, random, idCliente, now) : { ok: false, reuse: false };
}

async function rowByRefresh(db: Db, random: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sesiones)
    .where(eq(sesiones.refreshHash, tokenHash(random)))
    .limit(1);
  return row;
}

async function activePerson(db: Db, personaId: number): Promise<boolean> {
  const [persona] = await db.select({ bloqueado: personas.bloqueado }).from(personas).where(eq(personas.id, personaId));
  return !!persona && !persona.bloqueado;
}

/** A used token: its unused successor within the grace window for the same browser, else the family is revoked. */
async function graceOrRevoke(
  deps: SessionDeps,
  row: SessionRow,
  random: string,
  idCliente: string,
  now: number,
): Promise<RefreshResult> {
  const inGrace =
    !row.revocada && row.usada !== null && now - row.usada.getTime() <= REFRESH_GRACE_MS && row.idCliente === idCliente;
  const nextRandom = successorOf(deps, random);
  const next = inGrace ? await rowByRefresh(deps.db, nextRandom) : undefined;
  const usable =
    next !== undefined &&
    next.familia === row.familia &&
    next.idCliente === idCliente &&
    !next.usada &&
    !next.revocada &&
    next.expira.getTime() > now;
  if (!usable) {
    await revokeFamily(deps.db, row.familia);
    return { ok: false, reuse: true };
  }
  if (!(await activePerson(deps.db, next.personaId))) return { ok: false, reuse: false };
  const centro = next.empresaId === null ? null : await defaultCentre(deps.db, next.empresaId);
  const target = { personaId: next.personaId, empresaId: next.empresaId, centro };
  return { ok: true, pair: pairOf(deps, target, next.id, nextRandom, now) };
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
