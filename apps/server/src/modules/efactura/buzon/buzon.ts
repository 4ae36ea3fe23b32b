import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CompanyDirectory } from '../../../platform/tenancy/directory.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { efacturaBuzones } from '../../../platform/tenancy/tables.ts';

/** The mailbox's local part: `facturas+<token>`. */
const PREFIJO = 'facturas+';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 130 random bits in 26 base-32 letters: unguessable, and a valid, case-proof local part of an address. */
const TOKEN = /^[a-z2-7]{26}$/;

/** A new random token (130 bits in base 32). */
export function nuevoToken(): string {
  const bytes = randomBytes(17);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let t = '';
  for (let i = 0; i < 26; i++) t += BASE32[Number((bits >> BigInt(5 * i)) & 31n)];
  return t;
}

export const direccionBuzon = (token: string, dominio: string) => `${PREFIJO}${token}@${dominio}`;

/** The token of an address of the mailbox's domain (`facturas+<token>@dominio`, any case), or null. */
export function tokenDeDireccion(direccion: string, dominio: string): string | null {
  const d = direccion.trim().toLowerCase();
  const arroba = d.lastIndexOf('@');
  if (arroba < 0 || d.slice(arroba + 1) !== dominio.toLowerCase()) return null;
  const local = d.slice(0, arroba);
  if (!local.startsWith(PREFIJO)) return null;
  const token = local.slice(PREFIJO.length);
  return TOKEN.test(token) ? token : null;
}

/** The company's mailbox token, made the first time it is asked for. */
export async function tokenBuzon(s: Scope): Promise<string> {
  const [fila] = await s.pick({ token: efacturaBuzones.Token }, efacturaBuzones);
  if (fila) return fila.token;
  await s.insert(efacturaBuzones, { Token: nuevoToken() }).onConflictDoNothing();
  return tokenBuzon(s);
}

/** A new token for the company: the old address stops receiving at once. */
export async function rotarBuzon(s: Scope): Promise<string> {
  const Token = nuevoToken();
  await s.insert(efacturaBuzones, { Token }).onConflictDoUpdate({ target: efacturaBuzones.empresaId, set: { Token } });
  return Token;
}

/** The company whose mailbox has this token (null when none): the listener's one look across companies. */
export async function empresaDeToken(dir: CompanyDirectory, token: string): Promise<number | null> {
  const [id] = await dir.companiesWith(efacturaBuzones, eq(efacturaBuzones.Token, token));
  return id ?? null;
}
