import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { empresas } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/**
 * A free code for a new company, from its name: up to ten letters and digits (accents dropped, 'EMPRESA' when none
 * is left), or the first eight followed by the lowest number not taken. Both sign-ups (the form and the contract)
 * use it; the unique index still decides between two at once.
 */
export async function codigoEmpresaLibre(db: Db, nombre: string): Promise<string> {
  const base =
    nombre
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 10) || 'EMPRESA';
  const rows = await db
    .select({ codigo: empresas.codigo })
    .from(empresas)
    .where(sql`${empresas.codigo} like ${`${base.slice(0, 8)}%`}`);
  const used = new Set(rows.map((r) => r.codigo));
  if (!used.has(base)) return base;
  for (let i = 1; i < 10_000; i++) if (!used.has(`${base.slice(0, 8)}${i}`)) return `${base.slice(0, 8)}${i}`;
  throw new AppError(409, 'No se pudo asignar un código a la empresa');
}
