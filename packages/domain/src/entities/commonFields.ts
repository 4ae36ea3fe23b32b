/**
 * Fields many entities declare alike: a catalogue's code and name, a description, notes, a ledger account and the
 * Baja flag. Use one as it is, or spread it and change what differs (`{ ...NOMBRE, maxLength: 100 }`).
 */

/** Shown as a list column, searched by 'Buscar' and sortable. */
const LISTADO = { list: true, search: true, sortable: true } as const;

/** A code unique within the company (optional: the catalogues that need one use `CODIGO_OBLIGATORIO`). */
export const CODIGO = { kind: 'code', label: 'Código', maxLength: 20, ...LISTADO, unique: true } as const;
export const CODIGO_OBLIGATORIO = { ...CODIGO, required: true } as const;
export const NOMBRE = { kind: 'text', label: 'Nombre', required: true, maxLength: 150, ...LISTADO } as const;
export const DESCRIPCION = {
  kind: 'text',
  label: 'Descripción',
  required: true,
  maxLength: 100,
  list: true,
  search: true,
} as const;
export const OBSERVACIONES = { kind: 'text', label: 'Observaciones', maxLength: 4000 } as const;
export const CUENTA_CONTABLE = { kind: 'code', label: 'Cuenta contable', pattern: 'digitos', maxLength: 12 } as const;
export const BAJA = { kind: 'inactive', label: 'Baja', list: true, filter: true } as const;
