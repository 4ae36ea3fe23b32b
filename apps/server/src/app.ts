import { createRequire } from 'node:module';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { modules } from './modules/index.ts';
import { access } from './platform/auth/access.ts';
import { installGuard } from './platform/auth/guard.ts';
import { registerListasRoute } from './platform/crud/listasRoute.ts';
import type { Database } from './platform/db/database.ts';
import { type AppDeps, scopeFactory } from './platform/deps.ts';
import { installErrorHandler } from './platform/http/errors.ts';
import { installIdempotency } from './platform/http/idempotency.ts';
import { installInputGuard } from './platform/http/inputGuard.ts';
import { internalErrorRecorder } from './platform/http/internalErrors.ts';
import { installOpenApi } from './platform/http/openapi.ts';
import { trackRoutes } from './platform/http/routeRegistry.ts';
import { installSecurity } from './platform/http/security.ts';
import { installWebApp } from './platform/http/webApp.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  secret: string;
  mailer?: Mailer;
  logger?: boolean;
  /** Serve the built web app (main.ts does; API tests don't need it). */
  serveWeb?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
}

/** FARO_PROXIES=<n>: the n proxies nearest to the server are trusted (Fastify's hop-count form). */
function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Fastify's validator compiler: every part passes as it came (the handlers validate with zod). */
const noValidation = () => (data: unknown) => ({ value: data });

/** Fastify's serializer factory, loading fast-json-stringify only when a route has a response schema. */
function lazySerializer(...factoryArgs: unknown[]) {
  let compile: ((routeSchema: unknown) => unknown) | undefined;
  return (routeSchema: unknown) => {
    if (!compile) {
      const selector = createRequire(import.meta.url)('@fastify/fast-json-stringify-compiler') as () => (
        ...a: unknown[]
      ) => (routeSchema: unknown) => unknown;
      compile = selector()(...factoryArgs);
    }
    return compile(routeSchema);
  };
}

/** The whole server: platform plugins, then every area module. Tests build exactly this. */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger ? { level: options.config.logLevel } : false,
    bodyLimit: 2 * 1024 * 1024,
    // Start time: a HEAD twin of every GET route made Fastify register twice the GET routes, ~0.3 s of a
    // restart's ~0.65 s app build (bench/arranque.ts). The API is not asked with HEAD; /api/health and the web app's
    // files keep theirs (exposeHeadRoute on those routes).
    exposeHeadRoutes: false,
    trustProxy:
      typeof options.config.trustProxy === 'number' ? hopCount(options.config.trustProxy) : options.config.trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
    // Start time: Fastify would load Ajv (~0.15 s) for a validator nobody uses (below), and
    // fast-json-stringify before any route asks for a response schema; this loads the serializer on first use.
    schemaController: {
      compilersFactory: { buildValidator: (() => noValidation) as never, buildSerializer: lazySerializer as never },
    },
  });
  // Validation happens in the handlers with the domain's zod schemas (Spanish messages, one error shape).
  app.setValidatorCompiler(noValidation);
  const routes = trackRoutes(app);
  installErrorHandler(app, internalErrorRecorder(options.database.db));
  installInputGuard(app);
  await app.register(cookie);
  installSecurity(app, { secret: options.secret, publicUrl: options.config.publicUrl });
  installGuard(app, options.database.db, options.secret);
  installIdempotency(app, options.database.db);
  await installOpenApi(app, { open: options.config.apiDocs, db: options.database.db, secret: options.secret });

  const mailer =
    options.mailer ??
    createMailer(options.database.db, {
      smtpUrl: options.config.smtpUrl,
      from: options.config.mailFrom,
      log: (m) => app.log.info(m),
    });
  const deps: AppDeps = {
    database: options.database,
    config: options.config,
    secret: options.secret,
    mailer,
    routes,
    scopeOf: scopeFactory(options.database),
  };

  app.get('/api/health', { config: { access: access.public }, exposeHeadRoute: true }, async () => ({ ok: true }));
  for (const register of modules) await register(app, deps);
  registerListasRoute(app);
  if (options.serveWeb) await installWebApp(app, options.config.webDist);
  await app.ready();
  return { app, deps };
}
