import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every outbound network call of the server goes through `apps/server/src/platform/egress/` (address checks, the
 * allow-list, pinned addresses, uniform errors). This walks the server's sources (tests and the door itself
 * excepted) and fails on any other way out: the global fetch, http(s).request/get or their Agent, net/tls
 * connections, http2, undici, or a nodemailer transport built outside the door. Servers (createServer) are fine.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'apps/server/src');
const DOOR = path.join(SRC, 'platform/egress') + path.sep;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|mts|js|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The ways out a file uses, by rule. */
function waysOut(source: string): string[] {
  const s = stripComments(source);
  const found: string[] = [];
  const localFetch = /\b(function\s+fetch|(const|let)\s+fetch\s*=)/.test(s);
  if (!localFetch && /(^|[^.\w$])fetch\s*\(/m.test(s)) found.push('fetch(');
  if (/\b(globalThis|window)\.fetch\b/.test(s)) found.push('globalThis.fetch');
  if (/\b(https?|net|tls|http2)\.(request|get|connect|createConnection)\s*\(/.test(s)) {
    found.push('http(s)/net/tls call');
  }
  for (const m of s.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](node:)?(https?|net|tls|http2)['"]/g)) {
    if (m[1]) continue;
    const names = m[2]!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!);
    const bad = names.filter((n) => /^(request|get|Agent|connect|createConnection|Socket|TLSSocket)$/.test(n));
    if (bad.length) found.push(`import { ${bad.join(', ')} } from '${m[4]}'`);
  }
  if (/from\s*['"](node:)?http2['"]|import\(\s*['"](node:)?http2['"]/.test(s)) found.push('http2');
  if (/from\s*['"]undici['"]|import\(\s*['"]undici['"]/.test(s)) found.push('undici');
  if (/\bcreateTransport\s*\(/.test(s)) found.push('nodemailer.createTransport');
  if (/import\s+(?!type\b)[^;]*from\s*['"]nodemailer['"]|import\(\s*['"]nodemailer['"]/.test(s)) {
    found.push('nodemailer import');
  }
  return found;
}

describe('the checker', () => {
  it('finds the ways out and leaves servers, local functions named fetch and type imports alone', () => {
    expect(waysOut("const r = await fetch('https://x');")).toEqual(['fetch(']);
    expect(waysOut("import { request } from 'node:https';")).toEqual(["import { request } from 'https'"]);
    expect(waysOut("import { connect } from 'node:tls';\nimport { createServer } from 'node:http';")).toHaveLength(1);
    expect(waysOut("const m = await import('nodemailer'); m.default.createTransport(u);")).toHaveLength(2);
    expect(waysOut('https.request(u, cb)')).toEqual(['http(s)/net/tls call']);
    expect(waysOut("import { createServer, type Server } from 'node:https';")).toEqual([]);
    expect(waysOut("import type { Transporter } from 'nodemailer';")).toEqual([]);
    expect(waysOut('async function fetch(id) {}\nawait fetch(1);')).toEqual([]);
    expect(waysOut('await repo.fetch(1); // fetch(x)')).toEqual([]);
  });
});

describe('apps/server/src', () => {
  it('makes no outbound call outside platform/egress', () => {
    const offenders = sources(SRC)
      .filter((f) => !f.startsWith(DOOR))
      .flatMap((f) => waysOut(readFileSync(f, 'utf8')).map((w) => `${path.relative(ROOT, f)}: ${w}`));
    expect(offenders).toEqual([]);
  });
});
