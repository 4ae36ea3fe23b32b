import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { leerLista } from './platform/egress/permitidos.ts';

export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded PGlite database (ignored when databaseUrl is set). */
  dataDir: string;
  databaseUrl?: string;
  /** HMAC key for access tokens. Generated per data folder when not given (stored in the database). */
  tokenSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Public URL used in e-mailed links. */
  publicUrl: string;
  webDist: string;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Proxies trusted for X-Forwarded-For/-Host/-Proto (`FARO_PROXIES`: comma-separated addresses/CIDRs, or a hop
   * count). Off by default: request.ip is the socket's address, so a client cannot choose its own IP.
   */
  trustProxy: false | number | string;
  /** `/api/docs` open to anyone (`FARO_API_DOCS=1`); otherwise only with a valid session. */
  apiDocs: boolean;
  /** Minutes a sign-in lock lasts after too many failures (`FARO_BLOQUEO_MINUTOS`, default 15). */
  loginLockMinutes: number;
  /** Code of the platform's own company, which issues the subscription fee invoices (`FARO_EMPRESA_PLATAFORMA`). */
  empresaPlataforma?: string;
  /**
   * The per-company e-invoice mailbox (`FARO_BUZON_DOMINIO`, `FARO_BUZON_PUERTO` default 2525, `FARO_BUZON_HOST`
   * default 0.0.0.0, `FARO_BUZON_MAX_KB` default 10240): Faro's inbound SMTP listener for `facturas+<token>@dominio`.
   * Off without a domain.
   */
  buzonEfactura?: { dominio: string; puerto: number; host: string; maxBytes: number };
  /** Clock of sign-in throttling and locks (tests move it forward); Date.now when absent. */
  now?: () => number;
}

/** The repository root, found upwards from this file (works from src/ under tsx and from the dist/ bundle). */
export function repoRoot(from: string = import.meta.dirname): string {
  let dir = from;
  for (let i = 0; i < 8; i++) {
    if (existsSync(path.join(dir, 'apps/server/drizzle'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`No se encuentra la carpeta del proyecto desde ${from}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A wrong entry in the outbound allow-list stops the start (Spanish message) instead of failing each call.
  leerLista(env.FARO_DESTINOS_PERMITIDOS);
  const port = Number(env.PORT ?? 3000);
  const root = repoRoot();
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Faro <no-responder@faro.local>',
    publicUrl: env.FARO_PUBLIC_URL || env.PUBLIC_URL || `http://localhost:${port}`,
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    accessTokenMinutes: Math.min(15, Number(env.ACCESS_TOKEN_MINUTES ?? 15)),
    refreshTokenDays: Number(env.REFRESH_TOKEN_DAYS ?? 30),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseProxies(env.FARO_PROXIES),
    // Production (NODE_ENV=production) closes the docs unless FARO_API_DOCS=1; dev, demo and tests keep them.
    apiDocs: env.FARO_API_DOCS ? env.FARO_API_DOCS === '1' : env.NODE_ENV !== 'production',
    loginLockMinutes: Number(env.FARO_BLOQUEO_MINUTOS ?? 15) || 15,
    empresaPlataforma: env.FARO_EMPRESA_PLATAFORMA || undefined,
    buzonEfactura: env.FARO_BUZON_DOMINIO
      ? {
          dominio: env.FARO_BUZON_DOMINIO.trim().toLowerCase(),
          puerto: Number(env.FARO_BUZON_PUERTO ?? 2525),
          host: env.FARO_BUZON_HOST ?? '0.0.0.0',
          maxBytes: (Number(env.FARO_BUZON_MAX_KB ?? 10_240) || 10_240) * 1024,
        }
      : undefined,
  };
}

/** FARO_PROXIES: empty → trust nobody; "2" → two hops; "10.0.0.1, 10.1.0.0/16" → those addresses. */
export function parseProxies(value: string | undefined): false | number | string {
  const v = value?.trim();
  if (!v || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .join(',');
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
