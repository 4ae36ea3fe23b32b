/** The side-menu groups every business variant shows after its own ones, in the spec's order (section 2). */
export const GRUPOS_COMUNES = ['Ventas', 'Marketing', 'Catálogo', 'Compras', 'Personal', 'Tesorería'] as const;
