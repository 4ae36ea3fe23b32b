import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

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
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    accessTokenMinutes: Math.min(15, Number(env.ACCESS_TOKEN_MINUTES ?? 15)),
    refreshTokenDays: Number(env.REFRESH_TOKEN_DAYS ?? 30),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
