import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { companyCtx } from './auth/guard.ts';
import type { Scope } from './crud/entityRepository.ts';
import type { Database } from './db/database.ts';
import type { RegisteredRoute } from './http/routeRegistry.ts';
import type { Mailer } from './mail/mailer.ts';

/** What area plugins receive. Company data is reached through `scopeOf(request)`, never by a bare query. */
export interface AppDeps {
  database: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  routes: RegisteredRoute[];
  scopeOf: (request: FastifyRequest) => Scope;
}

export function scopeFactory(database: Database) {
  return (request: FastifyRequest): Scope => {
    const ctx = companyCtx(request);
    return { db: database.db, empresaId: ctx.empresa.id, personaId: ctx.personaId, userName: ctx.userName };
  };
}
