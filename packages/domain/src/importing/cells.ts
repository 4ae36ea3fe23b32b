import type { EntityDef } from '../entities/defineEntity.ts';
import type { FieldDef } from '../fields/kinds.ts';

/** Lower case without accents or punctuation: how headers and option labels are compared. */
export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Fields a file can fill: writable, not structured (json) nor rich text. */
export function importableFields(entity: EntityDef): [string, FieldDef][] {
  return Object.entries(entity.fields).filter(
    ([, f]) => !f.readOnly && f.kind !== 'json' && f.kind !== 'richText' && f.kind !== 'inactive',
  );
}

const TRUE = new Set(['si', 's', 'x', '1', 'true', 'verdadero', 'yes', 'y']);
const FALSE = new Set(['no', 'n', '0', 'false', 'falso', '']);

/** "1.234,56" / "1234,56" / "1,234.56" / "1234.56" → "1234.56"; the text itself when it is not a number. */
export function spanishNumber(text: string): string {
  const t = text.replace(/[\s€%]/g, '');
  if (/^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) return t.replace(/\./g, '').replace(',', '.');
  if (/^[+-]?\d+,\d+$/.test(t)) return t.replace(',', '.');
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return t.replace(/,/g, '');
  return t;
}

/** "31/12/2025", "31-12-2025", "2025-12-31" → "2025-12-31"; the text itself otherwise. */
export function spanishDate(text: string): string {
  const t = text.trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return `${m[3]}-${(m[2] as string).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`;
  return t.slice(0, 10);
}

/**
 * Turns a cell's text into what the save body of the field expects: Spanish numbers and dates, Sí/No booleans,
 * enum values by value or label. References are left as text: the server resolves them by code or name.
 */
export function cellValue(def: FieldDef, raw: string): unknown {
  const text = raw.trim();
  if (text === '') return null;
  switch (def.kind) {
    case 'integer':
    case 'minutes':
    case 'decimal':
    case 'money':
    case 'percent':
      return spanishNumber(text);
    case 'date':
      return spanishDate(text);
    case 'boolean': {
      const p = plain(text);
      return TRUE.has(p) ? true : FALSE.has(p) ? false : text;
    }
    case 'enum': {
      const p = plain(text);
      const option = (def.options ?? []).find((o) => plain(o.value) === p || plain(o.label) === p);
      return option ? option.value : text;
    }
    default:
      return text;
  }
}

/** Extra header names people use for some fields (compared after `plain`). */
const SYNONYMS: Record<string, readonly string[]> = {
  Codigo: ['cod', 'codigo', 'code', 'referencia', 'ref'],
  Nombre: ['nombre', 'razonsocial', 'nombrefiscal', 'cliente', 'proveedor', 'name'],
  NombreComercial: ['nombrecomercial', 'comercial', 'marca'],
  NIF: ['nif', 'cif', 'dni', 'nie', 'nifcif', 'cifnif', 'vat', 'nifiva'],
  CodPostal: ['cp', 'codigopostal', 'codpostal', 'postal'],
  Poblacion: ['poblacion', 'localidad', 'ciudad', 'municipio'],
  Email: ['email', 'correo', 'correoelectronico', 'mail', 'email1'],
  Telefono: ['telefono', 'tel', 'tlf', 'telefono1', 'phone'],
  Movil: ['movil', 'telefono2', 'celular'],
  Descripcion: ['descripcion', 'articulo', 'producto', 'concepto', 'nombre'],
  PrecioVenta: ['precio', 'pvp', 'precioventa', 'preciodeventa'],
  PrecioCompra: ['coste', 'costo', 'preciocompra', 'preciodecompra'],
  CodigoBarras: ['ean', 'ean13', 'codigobarras', 'codigodebarras', 'barcode'],
  IdFamilia: ['familia'],
  IdFormaPago: ['formapago', 'formadepago'],
  IdTipoIva: ['iva', 'tipoiva', 'tipodeiva'],
  IBAN: ['iban', 'cuentabancaria', 'cuenta'],
};

/** Column → field guesses: by field name, label or a usual synonym; each field taken once. */
export function suggestMapping(entity: EntityDef, headers: readonly string[]): Record<string, string> {
  const fields = importableFields(entity);
  const taken = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const p = plain(header);
    if (!p) continue;
    const hit =
      fields.find(([k, f]) => !taken.has(k) && (plain(k) === p || plain(f.label) === p)) ??
      fields.find(([k]) => !taken.has(k) && (SYNONYMS[k] ?? []).includes(p));
    if (hit) {
      mapping[header] = hit[0];
      taken.add(hit[0]);
    }
  }
  return mapping;
}
