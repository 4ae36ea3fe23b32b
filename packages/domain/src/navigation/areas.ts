import type { TipoCuenta } from '../session/roles.ts';

/** Code-split areas: every route of an area loads the same chunk. */
export type RouteArea =
  | 'main'
  | 'registro'
  | 'contratacion'
  | 'admin'
  | 'asesoria'
  | 'usuario'
  | 'contactos'
  | 'ventas'
  | 'compras'
  | 'catalogo'
  | 'tesoreria'
  | 'crm'
  | 'marketing'
  | 'personal'
  | 'configuracion'
  | 'impuestos'
  | 'formacion'
  | 'autoescuela'
  | 'odontologia'
  | 'portal';

export const ACADEMY_TYPES = ['academia', 'autoescuela'] as const satisfies readonly TipoCuenta[];
export const DENTAL_TYPES = ['odontologia'] as const satisfies readonly TipoCuenta[];
export const DRIVING_SCHOOL_TYPES = ['autoescuela'] as const satisfies readonly TipoCuenta[];

/**
 * The route of an entity that has its own screens (`/{action}/lista`, `/nuevo`, `/editar/{id}`). `routes.ts` derives
 * the route from the entity: title = `labelPlural` (or `title`), permission code and module gate = the entity's;
 * `menu.ts` derives the menu entry's name, permission and module switch from that route. Entities without `nav`
 * (child rows, stock, the company's own data…) have no route of their own.
 */
export interface EntityNav {
  area: RouteArea;
  /** The route's title when it is not the entity's `labelPlural`. */
  title?: string;
  /** Account types the route belongs to (academy or driving-school additions). */
  accountTypes?: readonly TipoCuenta[];
}
