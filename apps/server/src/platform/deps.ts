import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { companyCtx } from './auth/guard.ts';
import type { Database } from './db/database.ts';
import type { RegisteredRoute } from './http/routeRegistry.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { Mailer } from './mail/mailer.ts';
import { companyScope, type Scope } from './tenancy/scope.ts';

/** The scope of a request: the company door of the caller's company (no raw handle). */
export type RequestScope = Scope;

/** What area plugins receive. Company data is reached through `scopeOf(request)`, never by a bare query. */
export interface AppDeps {
  /** The platform's handle (identity routes, jobs). Company data never goes through it: `scopeOf` / `companyDirectory`. */
  database: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  routes: RegisteredRoute[];
  scopeOf: (request: FastifyRequest) => RequestScope;
  /**
   * The server's job runner, once it runs (`servidor.ts`; absent in the tests' apps and with FARO_TRABAJOS=0): a route
   * whose action makes a job due runs it now instead of waiting for its next tick.
   */
  trabajos?: Pick<JobRunner, 'ejecutarYa'>;
}

/** An area plugin: registers its routes with what the platform gives it. */
export type AreaModule = (app: FastifyInstance, deps: AppDeps) => Promise<void> | void;

export function scopeFactory(database: Database) {
  return (request: FastifyRequest): RequestScope => {
    const ctx = companyCtx(request);
    return companyScope(database.db, { empresaId: ctx.empresa.id, personaId: ctx.personaId, userName: ctx.userName });
  };
}
