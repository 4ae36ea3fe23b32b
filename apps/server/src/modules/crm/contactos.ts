import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { clientespotTable, clientesTable, col } from '../../platform/tenancy/tables.ts';

/** Customer and potential-customer tables joined by a row's (TipoContacto, IdContacto). */
export const cli = clientesTable;
export const pot = clientespotTable;

/** Join conditions of the two contact tables for a row's kind and id columns. */
export function unirContacto(s: Scope, tipo: AnyPgColumn, idContacto: AnyPgColumn) {
  return {
    cli: s.on(cli, and(eq(tipo, 'c'), eq(col(cli, 'Id'), idContacto))),
    pot: s.on(pot, and(eq(tipo, 'p'), eq(col(pot, 'Id'), idContacto))),
  };
}

/** The contact's name from whichever table joined. */
export const nombreContacto: SQL<string | null> = sql<
  string | null
>`coalesce(${col(cli, 'Nombre')}, ${col(pot, 'Nombre')})`;

/** 404 unless the contact exists in the company. */
export async function comprobarContacto(s: Scope, tipo: 'c' | 'p', id: number): Promise<{ Nombre: string }> {
  const table = tipo === 'c' ? cli : pot;
  const [row] = await s.pick({ Nombre: col(table, 'Nombre') }, table, eq(col(table, 'Id'), id));
  if (!row) throw notFound();
  return { Nombre: String(row.Nombre) };
}
