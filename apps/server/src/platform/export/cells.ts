import { type EntityDef, entityByName, type FieldDef, formatDate, formatNumber } from '@faro/domain';
import { inArray } from 'drizzle-orm';
import type { Row } from '../crud/entityRepository.ts';
import { col } from '../db/entityTable.ts';
import { tableOf } from '../db/tableRegistry.ts';
import type { Scope } from '../tenancy/scope.ts';

/** A typed cell of an export: each format writes it its own way (a number stays a number in a spreadsheet). */
export type Cell =
  | { t: 's'; v: string }
  | { t: 'n'; v: number; scale: number }
  | { t: 'd'; v: string }
  | { t: 'dt'; v: string }
  | null;

export interface Column {
  key: string;
  label: string;
  def: FieldDef;
}

export type ExportFormat = 'xlsx' | 'ods' | 'pdf' | 'html';

/**
 * Spreadsheets get every plain field (they are for working with the data); printed formats (pdf, html) the
 * list's columns, as the screen shows them.
 */
export function exportColumns(entity: EntityDef, format: ExportFormat): Column[] {
  const all = Object.entries(entity.fields).filter(([, f]) => f.kind !== 'json' && f.kind !== 'richText');
  const chosen = format === 'xlsx' || format === 'ods' ? all : all.filter(([, f]) => f.list);
  return chosen.map(([key, def]) => ({ key, label: def.label, def }));
}

export const NUMERIC = new Set(['integer', 'decimal', 'money', 'percent', 'minutes']);

/** Cells of a batch of rows; references show the title of the row they point to (looked up once per batch). */
export async function toCells(scope: Scope, columns: Column[], rows: Row[]): Promise<Cell[][]> {
  const titles = new Map<string, Map<number, string>>();
  for (const c of columns) {
    if (c.def.kind !== 'reference' || !c.def.ref) continue;
    const ids = [...new Set(rows.map((r) => r[c.key]).filter((v): v is number => typeof v === 'number'))];
    titles.set(c.key, await referenceTitles(scope, c.def.ref, ids));
  }
  return rows.map((row) =>
    columns.map((c): Cell => {
      const v = row[c.key];
      if (v === null || v === undefined || v === '') return null;
      const kind = c.def.kind;
      if (NUMERIC.has(kind))
        return { t: 'n', v: Number(v), scale: kind === 'integer' || kind === 'minutes' ? 0 : (c.def.scale ?? 2) };
      if (kind === 'date') return { t: 'd', v: String(v) };
      if (kind === 'datetime') return { t: 'dt', v: String(v) };
      if (kind === 'boolean' || kind === 'inactive') return { t: 's', v: v ? 'Sí' : 'No' };
      if (kind === 'enum') return { t: 's', v: c.def.options?.find((o) => o.value === v)?.label ?? String(v) };
      if (kind === 'reference') return { t: 's', v: titles.get(c.key)?.get(v as number) ?? String(v) };
      return { t: 's', v: String(v) };
    }),
  );
}

async function referenceTitles(scope: Scope, ref: string, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const target = entityByName(ref);
  const table = tableOf(ref);
  if (!target || !table || !ids.length) return out;
  const code = target.fields.Codigo ? 'Codigo' : target.fields.Valor ? 'Valor' : target.fields.Val ? 'Val' : null;
  const rows = (await scope.pick(
    {
      id: col(table, 'Id'),
      title: col(table, target.titleField),
      ...(code && code !== target.titleField ? { code: col(table, code) } : {}),
    },
    table,
    inArray(col(table, 'Id'), ids),
  )) as {
    id: number;
    title: unknown;
    code?: unknown;
  }[];
  for (const r of rows) out.set(r.id, r.code ? `${r.code} · ${r.title ?? ''}` : String(r.title ?? ''));
  return out;
}

/** The text of a cell in the Spanish formats of the spec (dd/mm/yyyy, decimal comma). */
export function cellText(cell: Cell): string {
  if (!cell) return '';
  switch (cell.t) {
    case 's':
      return cell.v;
    case 'n':
      return formatNumber(cell.v, cell.scale);
    case 'd':
      return formatDate(cell.v);
    case 'dt': {
      const d = new Date(cell.v);
      return Number.isNaN(d.getTime())
        ? cell.v
        : d.toLocaleString('es-ES', { timeZone: 'Europe/Madrid', dateStyle: 'short', timeStyle: 'short' });
    }
  }
}
