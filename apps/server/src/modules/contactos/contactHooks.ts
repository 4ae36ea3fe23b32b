import { type EntityDef, MSG_DATOS, provinciaDeCodigoPostal } from '@faro/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Row } from '../../platform/crud/entityRepository.ts';
import type { RepositoryHooks } from '../../platform/crud/hookedRepository.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { col, type EntityTable, empresa } from '../../platform/tenancy/tables.ts';
import type { DireccionEnvio } from './contactBodies.ts';

/**
 * The next free numeric code of a table ('000124' after '000123'; 6 digits at least, more if the codes have them).
 * Non-numeric codes are left alone.
 */
export async function nextCode(scope: Scope, table: EntityTable): Promise<string> {
  const codigo = col(table, 'Codigo');
  const [last] = await scope
    .pick({ c: codigo }, table, sql`${codigo} ~ '^[0-9]{1,12}$'`)
    .orderBy(desc(sql`length(${codigo})`), desc(codigo))
    .limit(1);
  const current = (last?.c as string | undefined) ?? '0';
  return String(BigInt(current) + 1n).padStart(Math.max(6, current.length), '0');
}

/** Fills what can be derived: the province from a Spanish postal code, the country, the id type, the code. */
export function normalizeAddress(values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  if ('Pais' in out) out.Pais = typeof out.Pais === 'string' && out.Pais ? out.Pais.toUpperCase() : 'ES';
  if ('Provincia' in out && !out.Provincia && out.Pais === 'ES')
    out.Provincia = provinciaDeCodigoPostal(out.CodPostal as string);
  return out;
}

/** What a contact's values imply: country, province from the postal code, the Spanish id type. */
export function normalizeContact(values: Record<string, unknown>): Record<string, unknown> {
  const out = normalizeAddress(values);
  if (out.NIF && !out.TipoNIF) out.TipoNIF = 'nif';
  return out;
}

/** Normalisation, automatic code and shipping-address default of customers, leads and suppliers. */
export function contactHooks(entity: EntityDef, table: EntityTable): RepositoryHooks {
  return {
    async beforeWrite(scope, values, id) {
      const out = normalizeContact(values);
      if (!out.Codigo && id === null) out.Codigo = await nextCode(scope, table);
      if (!out.Codigo && id !== null) {
        const [row] = await scope.pick({ c: col(table, 'Codigo') }, table, eq(col(table, 'Id'), id));
        out.Codigo = row?.c ?? (await nextCode(scope, table));
      }
      const shipping = out.DireccionesEnvio as DireccionEnvio[] | undefined;
      if (shipping?.length) {
        for (const d of shipping) Object.assign(d, normalizeAddress(d));
        if (!shipping.some((d) => d.Defecto) && (await defaultShippingFlag(scope))) {
          (shipping[0] as DireccionEnvio).Defecto = true;
        }
      }
      return out;
    },
    afterWrite: (scope, row) => withDuplicateWarning(scope, entity, table, row),
  };
}

async function defaultShippingFlag(scope: Scope): Promise<boolean> {
  const [e] = await scope.company({ f: empresa.direccionEnvioDefecto });
  return e?.f === true;
}

/** Other rows of the company with the same NIF (a warning, not a refusal: branches may share one). */
export async function sameTaxId(
  scope: Scope,
  table: EntityTable,
  nif: string,
  exceptId: number | null,
): Promise<{ Id: number; Codigo: string; Nombre: string }[]> {
  const conditions = [eq(col(table, 'NIF'), nif)];
  if (exceptId !== null) conditions.push(ne(col(table, 'Id'), exceptId));
  return (await scope
    .pick(
      { Id: col(table, 'Id'), Codigo: col(table, 'Codigo'), Nombre: col(table, 'Nombre') },
      table,
      and(...conditions),
    )
    .orderBy(col(table, 'Id'))
    .limit(5)) as { Id: number; Codigo: string; Nombre: string }[];
}

export function duplicateWarning(entity: EntityDef, nif: string, others: { Codigo: string; Nombre: string }[]) {
  return MSG_DATOS.duplicateTaxId(
    entity.label.toLowerCase(),
    nif,
    others.map((o) => `${o.Codigo} ${o.Nombre}`).join(', '),
  );
}

async function withDuplicateWarning(scope: Scope, entity: EntityDef, table: EntityTable, row: Row): Promise<Row> {
  const nif = row.NIF as string | null;
  if (!nif) return row;
  const others = await sameTaxId(scope, table, nif, row.Id);
  return others.length ? { ...row, Avisos: [duplicateWarning(entity, nif, others)] } : row;
}
