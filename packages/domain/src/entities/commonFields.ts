/**
 * Fields many entities declare alike: a catalogue's code and name, a description, notes, a ledger account and the
 * Baja flag. Use one as it is, or spread it and change what differs (`{ ...NOMBRE, maxLength: 100 }`).
 */

/** Shown as a list column, searched by 'Buscar' and sortable. */
export const LISTADO = { list: true, search: true, sortable: true } as const;

/** A code unique within the company (optional: the catalogues that need one use `CODIGO_OBLIGATORIO`). */
export const CODIGO = { kind: 'code', label: 'Código', maxLength: 20, ...LISTADO, unique: true } as const;
/** A code the server fills with the next free number when left empty. */
export const CODIGO_AUTOMATICO = { ...CODIGO, help: 'Se asigna el siguiente número libre si lo dejas vacío' } as const;
export const CODIGO_OBLIGATORIO = { ...CODIGO, required: true } as const;
export const NOMBRE = { kind: 'text', label: 'Nombre', required: true, maxLength: 150, ...LISTADO } as const;
/** A person's surnames (employees, users). */
export const PRIMER_APELLIDO = {
  kind: 'text',
  label: 'Primer apellido',
  maxLength: 60,
  list: true,
  search: true,
} as const;
export const SEGUNDO_APELLIDO = { kind: 'text', label: 'Segundo apellido', maxLength: 60 } as const;
export const DESCRIPCION = {
  kind: 'text',
  label: 'Descripción',
  required: true,
  maxLength: 100,
  list: true,
  search: true,
} as const;
export const OBSERVACIONES = { kind: 'text', label: 'Observaciones', maxLength: 4000 } as const;
/** A ledger account (digits only, up to 12). */
export const cuenta = <const L extends string>(label: L) =>
  ({ kind: 'code', label, pattern: 'digitos', maxLength: 12 }) as const;
export const CUENTA_CONTABLE = cuenta('Cuenta contable');
/** When an append-only log's row was written (the audit log, stock movements): listed, filtered, sorted, never edited. */
export const FECHA_REGISTRO = {
  kind: 'datetime',
  label: 'Fecha',
  list: true,
  filter: true,
  sortable: true,
  readOnly: true,
} as const;
export const BAJA = { kind: 'inactive', label: 'Baja', list: true, filter: true } as const;

/**
 * What the company's settings catalogues listed by code share (payment methods, series): the settings area and its
 * menu, the company-settings permission, ordered by code and titled by their description.
 */
export const AJUSTE_POR_CODIGO = {
  area: 'configuracion',
  permission: 'ConfEmpresa',
  nav: { area: 'configuracion' },
  defaultOrder: 'Codigo',
  titleField: 'Descripcion',
} as const;
