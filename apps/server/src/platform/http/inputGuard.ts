import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export const CARACTERES_NO_VALIDOS = 'La petición contiene caracteres no válidos';
export const DEMASIADO_ANIDADA = 'La petición tiene demasiados niveles de anidamiento';
export const DEMASIADOS_CAMPOS = 'La petición tiene demasiados campos';

/** Deepest nesting a JSON body may have: the richest real body (a document with lines) is four levels deep. */
export const MAX_DEPTH = 32;
/** Most object members a JSON body may have in all: far above a document of a thousand lines. */
export const MAX_KEYS = 50_000;

/**
 * Text no route takes: NUL (PostgreSQL cannot store it in text or jsonb, its error was a 500), the other C0 controls
 * but tab, line feed and carriage return, DEL, and the explicit bidi formatting characters (embeddings U+202A/B,
 * pop U+202C, overrides U+202D/E, isolates U+2066-U+2069). An override reverses the letters after it: the classic
 * "factura" + U+202E + "fdp.exe" shows as "facturaexe.pdf" in names and file names; an unclosed embedding or
 * isolate spills over whatever is printed after the field (a PDF, a CSV, an e-mail). The implicit marks (LRM, RLM,
 * ALM) stay: they only steer neutral characters and are legitimate in mixed-script names.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const NOT_IN_TEXT = /[\0-\x08\v\f\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]/;
/** In a URL (query strings, path parameters) no control character is legitimate, tab and line breaks included. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const NOT_IN_URL = /[\0-\x1f\x7f\u202a-\u202e\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextKind = 'text' | 'url';

/**
 * Whether `value` is text the server accepts: well-formed UTF-16 (a lone surrogate is invalid UTF-8 for
 * PostgreSQL) without the characters above.
 */
export function isCleanText(value: string, kind: TextKind = 'text'): boolean {
  return !LONE_SURROGATE.test(value) && !(kind === 'url' ? NOT_IN_URL : NOT_IN_TEXT).test(value);
}

/**
 * Walks a parsed value (object keys and string values) without recursion and refuses what `isCleanText` refuses,
 * nesting deeper than MAX_DEPTH and more than MAX_KEYS members, each with a Spanish 400.
 */
export function assertCleanInput(value: unknown, kind: TextKind = 'text'): void {
  const stack: [unknown, number][] = [[value, 0]];
  let keys = 0;
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node === 'string') {
      if (!isCleanText(node, kind)) throw badRequest(CARACTERES_NO_VALIDOS);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    if (depth >= MAX_DEPTH) throw badRequest(DEMASIADO_ANIDADA);
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, depth + 1]);
      continue;
    }
    for (const key of Object.keys(node)) {
      if (++keys > MAX_KEYS) throw badRequest(DEMASIADOS_CAMPOS);
      if (!isCleanText(key, kind)) throw badRequest(CARACTERES_NO_VALIDOS);
      stack.push([(node as Record<string, unknown>)[key], depth + 1]);
    }
  }
}

/**
 * Nesting depth and member count of JSON text, in one pass over its characters and before JSON.parse builds
 * anything: a 5,000-deep body parses fine in V8, but every recursive reader after it (zod, the audit's diff,
 * serialisers) would be one stack overflow away from a 500.
 */
export function assertJsonBounds(text: string): void {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_DEPTH) throw badRequest(DEMASIADO_ANIDADA);
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x3a && ++keys > MAX_KEYS) throw badRequest(DEMASIADOS_CAMPOS);
  }
}

/** The parts of a request the client wrote, checked after parsing and before any handler or guard reads them. */
function checkRequest(request: FastifyRequest): void {
  assertCleanInput(request.params, 'url');
  assertCleanInput(request.query, 'url');
  assertCleanInput(request.body, 'text');
}

/**
 * The edge every route goes through: JSON bodies are bounded before they are parsed (keeping Fastify's own
 * parser, which refuses `__proto__` and `constructor.prototype`), and query, path parameters and parsed body are
 * walked before any handler runs. Multipart bodies are streamed by the route: `readUpload` checks their names.
 */
export function installInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    try {
      assertJsonBounds(text);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => checkRequest(request));
}
