import {
  cellValue,
  type EntityDef,
  entityByName,
  entitySaveSchema,
  type FieldIssue,
  importableFields,
  MSG_DATOS,
  plain,
  suggestMapping,
} from '@faro/domain';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { col, type EntityTable } from '../db/entityTable.ts';
import { auditoriaTable, importaciones } from '../db/schema.ts';
import { tableOf } from '../db/tableRegistry.ts';
import { AppError, badRequest, notFound, sqlState } from '../http/errors.ts';
import type { Scope } from '../tenancy/scope.ts';
import type { ParsedFile } from './parseFile.ts';

/** How one resource imports: its body overrides, what the values imply, and defaults of new rows. */
export interface ImportTarget {
  entity: EntityDef;
  table: EntityTable;
  overrides?: Record<string, z.ZodType>;
  normalize?: (values: Record<string, unknown>) => Record<string, unknown>;
  defaults?: (scope: Scope) => Promise<Record<string, unknown>>;
  nextCode?: (scope: Scope, table: EntityTable) => Promise<string>;
}

export interface RejectedRow {
  Fila: number;
  Errores: (FieldIssue & { Columna: string | null })[];
}

export interface Preview {
  Total: number;
  Validas: number;
  Rechazadas: RejectedRow[];
  Avisos: { Fila: number; Mensaje: string }[];
  Muestra: Record<string, unknown>[];
}

const KEEP_MS = 24 * 3600 * 1000;
const CHUNK = 500;

export async function storeImport(scope: Scope, target: ImportTarget, filename: string, file: ParsedFile) {
  await scope.delete(importaciones, lt(importaciones.creada, new Date(Date.now() - KEEP_MS)));
  const [row] = await scope
    .insert(importaciones, {
      recurso: target.entity.name,
      personaId: scope.personaId ?? 0,
      nombreFichero: filename.slice(0, 200),
      columnas: file.columnas,
      filas: file.filas,
    })
    .returning({ id: importaciones.id });
  return {
    Id: row!.id,
    Fichero: filename,
    Columnas: file.columnas,
    TotalFilas: file.filas.length,
    Muestra: file.filas.slice(0, 5),
    Mapeo: suggestMapping(target.entity, file.columnas),
    Campos: importableFields(target.entity).map(([k, f]) => ({
      Campo: k,
      Etiqueta: f.label,
      Obligatorio: !!f.required,
    })),
  };
}

export async function loadImport(
  scope: Scope,
  entity: EntityDef,
  id: number,
): Promise<ParsedFile & { nombreFichero: string }> {
  const [row] = await scope
    .select(importaciones, and(eq(importaciones.id, id), eq(importaciones.recurso, entity.name)))
    .limit(1);
  if (!row) throw notFound();
  if (row.creada.getTime() < Date.now() - KEEP_MS) throw badRequest(MSG_DATOS.importExpired);
  return { columnas: row.columnas, filas: row.filas, nombreFichero: row.nombreFichero };
}

export async function discardImport(scope: Scope, entity: EntityDef, id: number): Promise<void> {
  const deleted = await scope
    .delete(importaciones, and(eq(importaciones.id, id), eq(importaciones.recurso, entity.name)))
    .returning({ id: importaciones.id });
  if (!deleted.length) throw notFound();
}

function checkMapping(entity: EntityDef, file: ParsedFile, mapeo: Record<string, string>): [number, string][] {
  const fields = new Map(importableFields(entity));
  const errors: FieldIssue[] = [];
  const used = new Set<string>();
  const pairs: [number, string][] = [];
  for (const [column, field] of Object.entries(mapeo)) {
    if (!field) continue;
    const index = file.columnas.indexOf(column);
    if (index < 0) errors.push({ Campo: 'Mapeo', Mensaje: MSG_DATOS.importUnknownColumn(column) });
    else if (!fields.has(field)) errors.push({ Campo: 'Mapeo', Mensaje: MSG_DATOS.importUnknownField(field) });
    else if (used.has(field))
      errors.push({ Campo: 'Mapeo', Mensaje: MSG_DATOS.importFieldTwice(fields.get(field)!.label) });
    else {
      used.add(field);
      pairs.push([index, field]);
    }
  }
  for (const [key, def] of fields)
    if (def.required && !used.has(key))
      errors.push({ Campo: 'Mapeo', Mensaje: MSG_DATOS.importRequiredUnmapped(def.label) });
  if (errors.length) throw new AppError(400, errors[0]!.Mensaje, errors);
  return pairs;
}

/** Id by code or by name (case and accents ignored) of each row of a referenced table of the company. */
async function referenceLookup(scope: Scope, ref: string): Promise<Map<string, number>> {
  const target = entityByName(ref);
  const table = tableOf(ref);
  const out = new Map<string, number>();
  if (!target || !table) return out;
  const keys = ['Codigo', 'Valor', 'Val', target.titleField].filter((k) => target.fields[k]);
  const rows: Record<string, unknown>[] = await scope.pick(
    Object.fromEntries([['Id', col(table, 'Id')], ...keys.map((k) => [k, col(table, k)])]),
    table,
  );
  for (const r of rows)
    for (const k of keys) {
      const p = plain(String(r[k] ?? ''));
      if (p && !out.has(p)) out.set(p, r.Id as number);
    }
  return out;
}

async function existing(scope: Scope, table: EntityTable, field: string, values: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await scope.pick(
      { v: col(table, field) },
      table,
      inArray(col(table, field), values.slice(i, i + 1000)),
    );
    for (const r of rows) found.add(String(r.v));
  }
  return found;
}

/**
 * Every row checked as a save would check it (field rules, cross-field rules, references by code or name, codes
 * unique in the file and in the company); NIFs already used are warnings. Nothing is written.
 */
export async function validateImport(
  scope: Scope,
  target: ImportTarget,
  file: ParsedFile,
  mapeo: Record<string, string>,
): Promise<Preview & { valid: Record<string, unknown>[] }> {
  const { entity } = target;
  const pairs = checkMapping(entity, file, mapeo);
  const schema = entitySaveSchema(entity, target.overrides ?? {});
  const lookups = new Map<string, Map<string, number>>();
  for (const [, field] of pairs) {
    const def = entity.fields[field]!;
    if (def.kind === 'reference' && def.ref) lookups.set(field, await referenceLookup(scope, def.ref));
  }
  const columnOf = new Map(pairs.map(([i, f]) => [f, file.columnas[i] as string]));
  const rejected: RejectedRow[] = [];
  const parsed: { fila: number; values: Record<string, unknown> }[] = [];
  file.filas.forEach((cells, i) => {
    const fila = i + 2;
    const body: Record<string, unknown> = {};
    const errors: RejectedRow['Errores'] = [];
    for (const [index, field] of pairs) {
      const def = entity.fields[field]!;
      const value = cellValue(def, cells[index] ?? '');
      if (def.kind === 'reference' && value !== null) {
        const id = lookups.get(field)?.get(plain(String(value)));
        if (!id)
          errors.push({
            Campo: field,
            Columna: columnOf.get(field) ?? null,
            Mensaje: MSG_DATOS.importNotFound(def.label, String(value)),
          });
        else body[field] = id;
      } else body[field] = value;
    }
    const result = schema.safeParse(body);
    if (!result.success)
      for (const issue of result.error.issues) {
        const campo = issue.path.map(String).join('.');
        errors.push({ Campo: campo, Columna: columnOf.get(String(issue.path[0])) ?? null, Mensaje: issue.message });
      }
    if (errors.length) rejected.push({ Fila: fila, Errores: errors });
    else
      parsed.push({
        fila,
        values: target.normalize
          ? target.normalize(result.data as Record<string, unknown>)
          : (result.data as Record<string, unknown>),
      });
  });

  const avisos: Preview['Avisos'] = [];
  for (const [field, def] of Object.entries(entity.fields).filter(([k, d]) => d.unique && columnOf.has(k))) {
    const firstRow = new Map<string, number>();
    const taken = await existing(scope, target.table, field, [
      ...new Set(parsed.map((p) => p.values[field]).filter((v): v is string => typeof v === 'string')),
    ]);
    for (const p of parsed) {
      const v = p.values[field];
      if (typeof v !== 'string') continue;
      const errors: RejectedRow['Errores'] = [];
      const first = firstRow.get(v);
      if (first)
        errors.push({
          Campo: field,
          Columna: columnOf.get(field) ?? null,
          Mensaje: MSG_DATOS.importRepeated(def.label, first),
        });
      else firstRow.set(v, p.fila);
      if (taken.has(v))
        errors.push({
          Campo: field,
          Columna: columnOf.get(field) ?? null,
          Mensaje: `Ya existe ${entity.gender === 'f' ? 'una' : 'un'} ${entity.label.toLowerCase()} con ese ${def.label.toLowerCase()}`,
        });
      if (errors.length) rejected.push({ Fila: p.fila, Errores: errors });
    }
  }
  const bad = new Set(rejected.map((r) => r.Fila));
  const valid = parsed.filter((p) => !bad.has(p.fila));
  if (entity.fields.NIF && columnOf.has('NIF')) {
    const nifs = [...new Set(valid.map((p) => p.values.NIF).filter((v): v is string => typeof v === 'string'))];
    const used = await existing(scope, target.table, 'NIF', nifs);
    const seen = new Map<string, number>();
    for (const p of valid) {
      const nif = p.values.NIF as string | null;
      if (!nif) continue;
      if (used.has(nif))
        avisos.push({ Fila: p.fila, Mensaje: `Ya existe otro ${entity.label.toLowerCase()} con el NIF ${nif}` });
      else if (seen.has(nif))
        avisos.push({ Fila: p.fila, Mensaje: `El NIF ${nif} también está en la fila ${seen.get(nif)}` });
      else seen.set(nif, p.fila);
    }
  }
  rejected.sort((a, b) => a.Fila - b.Fila);
  return {
    Total: file.filas.length,
    Validas: valid.length,
    Rechazadas: rejected,
    Avisos: avisos,
    Muestra: valid.slice(0, 20).map((p) => p.values),
    valid: valid.map((p) => p.values),
  };
}

/** All rows or none: one transaction, codes numbered in file order, one audit record per row. */
export async function writeImport(
  scope: Scope,
  target: ImportTarget,
  filename: string,
  rows: Record<string, unknown>[],
): Promise<number> {
  const { entity, table } = target;
  // Read before the transaction: on PGlite a query outside it would wait for it forever (one connection).
  const defaults = target.defaults ? await target.defaults(scope) : {};
  try {
    return await scope.tx(async (t) => {
      let code: string | undefined;
      const values = [];
      for (const row of rows) {
        const v: Record<string, unknown> = { ...row };
        for (const [k, d] of Object.entries(defaults)) if (v[k] === null || v[k] === undefined) v[k] = d;
        if (entity.fields.Codigo && !v.Codigo && target.nextCode) {
          code = code ? String(BigInt(code) + 1n).padStart(code.length, '0') : await target.nextCode(t, table);
          v.Codigo = code;
        }
        values.push(v);
      }
      const now = new Date().toISOString();
      for (let i = 0; i < values.length; i += CHUNK) {
        const chunk = values.slice(i, i + CHUNK);
        const ids = await t.insert(table, chunk).returning({ Id: col(table, 'Id') });
        if (entity.audit !== false)
          await t.insert(
            auditoriaTable,
            ids.map((r, j) => ({
              Fecha: now,
              Accion: 'A',
              Recurso: entity.name,
              IdRegistro: r.Id,
              UserName: scope.userName,
              Campos: { ...chunk[j], Importacion: filename },
              personaId: scope.personaId,
            })),
          );
      }
      return values.length;
    });
  } catch (error) {
    if (sqlState(error) === '23505')
      throw badRequest(
        `Otro usuario ha dado de alta ${entity.labelPlural.toLowerCase()} con los mismos códigos: vuelve a previsualizar`,
      );
    throw error;
  }
}
