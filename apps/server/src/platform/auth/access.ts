import type { ModuleFlag, PermissionCode, PermissionLevel } from '@faro/domain';

/**
 * What a route needs. Every /api route declares one (the server refuses to start otherwise); the request hook
 * enforces it before the handler runs.
 */
export type Access = (
  | { kind: 'public' }
  /** Any signed-in person (also platform admins outside a company). */
  | { kind: 'authenticated' }
  /** A signed-in member of the token's company. */
  | { kind: 'company' }
  /** A member whose level for the feature reaches `level`, the module being active. */
  | { kind: 'permission'; code: PermissionCode; level: PermissionLevel; module?: ModuleFlag }
  /**
   * Reading a reference list (its lookup): a member whose level reaches 1 on any of `codes` — the list's own code
   * or a feature whose screens show the list (domain `lookupReaders`). Read-only; never a module gate.
   */
  | { kind: 'lookup'; codes: readonly PermissionCode[] }
  /** A member with the time clock enabled. */
  | { kind: 'timeclock' }
  /** A platform administrator. */
  | { kind: 'admin' }
) & {
  /**
   * Reachable while the caller's company has not signed its contract (the 'Aviso Legal' state): sign-in, session,
   * context and the contract itself. Every other route is refused then (guard.ts), so a new route is closed before
   * signing unless it says otherwise here.
   */
  beforeTerms?: true;
};

export const access = {
  public: { kind: 'public' },
  authenticated: { kind: 'authenticated' },
  company: { kind: 'company' },
  timeclock: { kind: 'timeclock' },
  admin: { kind: 'admin' },
  /** `a`, also before the company signed its contract. */
  beforeTerms: (a: Access): Access => ({ ...a, beforeTerms: true }),
  lookup: (codes: readonly PermissionCode[]): Access => ({ kind: 'lookup', codes }),
  permission: (code: PermissionCode, level: PermissionLevel, module?: ModuleFlag): Access => ({
    kind: 'permission',
    code,
    level,
    module,
  }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

/** A route's options for a permission and level: its access, and its OpenAPI tag, summary and body (if any). */
export const conPermiso = (
  code: PermissionCode,
  level: PermissionLevel,
  tag: string,
  summary: string,
  body?: unknown,
) => ({
  config: { access: access.permission(code, level) },
  schema: { tags: [tag], summary, ...(body === undefined ? {} : { body }) },
});

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
