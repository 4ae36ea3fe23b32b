import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { companyCtx } from './auth/guard.ts';
import type { Database, Db } from './db/database.ts';
import type { RegisteredRoute } from './http/routeRegistry.ts';
import type { Mailer } from './mail/mailer.ts';
import { companyScope, type Scope } from './tenancy/scope.ts';

/**
 * Transitional: the scope of a request still carries the raw handle for the sales document engine while it moves
 * through the door (`platform/tenancy`). Nothing else may read `db`; it goes away when that move lands.
 */
export type RequestScope = Scope & {
  /** @deprecated the raw handle; use the scope's own operations (`select`, `insert`, `tx`…). */
  db: Db;
};

/** What area plugins receive. Company data is reached through `scopeOf(request)`, never by a bare query. */
export interface AppDeps {
  /** The platform's handle (identity routes, jobs). Company data never goes through it: `scopeOf` / `companyDirectory`. */
  database: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  routes: RegisteredRoute[];
  scopeOf: (request: FastifyRequest) => RequestScope;
}

export function scopeFactory(database: Database) {
  return (request: FastifyRequest): RequestScope => {
    const ctx = companyCtx(request);
    const scope = companyScope(database.db, {
      empresaId: ctx.empresa.id,
      personaId: ctx.personaId,
      userName: ctx.userName,
    });
    return Object.assign(scope, { db: database.db });
  };
}
