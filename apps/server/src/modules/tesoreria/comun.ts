import { MSG } from '@faro/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { conPermiso } from '../../platform/auth/access.ts';
import { COUNT_CAP } from '../../platform/crud/listQuery.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';

/** Route config of a treasury permission and level (spec §6 codes). */
export const permiso = (codigo: 'TesoMovsCajaBanco' | 'TesoRemesa' | 'TesoArqueo', nivel: 1 | 2 | 3, resumen: string) =>
  conPermiso(codigo, nivel, 'tesoreria', resumen);

/** The positive id of `:id`, or 404. */
export const idDe = (request: { params: unknown }, nombre = 'id') => {
  const id = Number((request.params as Record<string, string>)[nombre]);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

/** A real calendar day yyyy-mm-dd between 1900 and 2999 (30 February is not one: PostgreSQL would refuse it). */
export const esFechaReal = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v && v >= '1900-01-01' && v <= '2999-12-31';
};
export const esDia = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && esFechaReal(v);
export const esId = (v: unknown): boolean =>
  v !== undefined && v !== null && v !== '' && Number.isSafeInteger(Number(v)) && Number(v) > 0;

export const zDia = (campo: string) => z.string({ error: MSG.required(campo) }).refine(esDia, { error: MSG.format });
export const zId = (campo: string) =>
  z.coerce
    .number({ error: MSG.required(campo) })
    .int({ error: MSG.required(campo) })
    .positive({ error: MSG.required(campo) })
    .max(Number.MAX_SAFE_INTEGER, { error: MSG.required(campo) });
export const zImporte = (campo: string) =>
  z
    .union([z.string(), z.number()], { error: MSG.required(campo) })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), { error: MSG.format });
export const zTexto = (campo: string, max: number) =>
  z
    .string({ error: MSG.required(campo) })
    .trim()
    .min(1, { error: MSG.required(campo) })
    .max(max, { error: MSG.maxLength(campo, max) });

/** Today in Spain. */
export const hoyEspana = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());

/** A capped count of a query (the lists' "10.000+"). */
export async function contar(
  s: Scope,
  consulta: ReturnType<typeof sql>,
): Promise<{ Total: number; TotalLimitado: boolean }> {
  const [r] = await s.execute<{ n: number }>(
    () => sql`select count(*)::int as n from (${consulta} limit ${COUNT_CAP + 1}) c`,
  );
  const n = Number(r?.n ?? 0);
  return { Total: Math.min(n, COUNT_CAP), TotalLimitado: n > COUNT_CAP };
}

/** The messages of bank statements and their reconciliation. */
export const MSG_EXTRACTOS = {
  cuenta: (c: string) =>
    `El extracto es de la cuenta ${c}, que no es ninguna cuenta bancaria de tesorería (revisa su IBAN)`,
  otraCuenta: (c: string) => `El extracto es de la cuenta ${c}, no de la cuenta elegida`,
  repetido: 'Ese extracto ya está importado',
  conciliado: 'El extracto tiene apuntes conciliados: deshaz la conciliación antes de borrarlo',
  importe: 'El importe del apunte no coincide con el del movimiento',
  yaConciliado: 'Ese apunte ya está conciliado',
  destinoConciliado: 'Ese movimiento ya está conciliado con otro apunte',
  noExiste: 'El movimiento a conciliar no existe en esta cuenta',
};
