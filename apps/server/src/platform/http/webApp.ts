import { createReadStream, existsSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { MSG } from '@faro/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The types of what a Vite build writes (anything else goes out as bytes). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** A file of the build under webDist for this URL, or undefined (outside it, a dot file, a folder, missing). */
async function fileOf(webDist: string, url: string): Promise<{ file: string; stats: Stats } | undefined> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const file = path.join(webDist, pathname);
  if (!file.startsWith(webDist + path.sep)) return undefined;
  if (
    path
      .relative(webDist, file)
      .split(path.sep)
      .some((part) => part.startsWith('.'))
  )
    return undefined;
  const stats = await stat(file).catch(() => undefined);
  return stats?.isFile() ? { file, stats } : undefined;
}

/**
 * Vite writes its chunks and styles under assets/ with their content's hash in the name: a browser keeps them a
 * year and never asks again (a full page load no longer revalidates each chunk). The shell (index.html) is always
 * revalidated, so a new build is picked up at the next load; other files are revalidated too.
 */
const INMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDAR = 'public, max-age=0';

/** Text worth compressing (images and fonts are already compressed). */
const COMPRIMIBLES = new Set(['.js', '.mjs', '.css', '.html', '.json', '.map', '.svg', '.txt', '.webmanifest']);
/** Below this a compressed answer gains nothing worth the work. */
const MIN_COMPRIMIR = 1024;
type Codificacion = 'br' | 'gzip';
const comprimir: Record<Codificacion, (b: Buffer) => Promise<Buffer>> = {
  // Quality 5: about gzip's speed and a fifth smaller; done once per file and kept.
  br: (b) => promisify(brotliCompress)(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (b) => promisify(gzip)(b, { level: 6 }),
};
/** Compressed files by path, size, date and coding: a build is a few hundred files (bounded below all the same). */
const comprimidos = new Map<string, Promise<Buffer>>();
const MAX_COMPRIMIDOS = 2_000;

/** The coding the browser accepts (brotli first), or undefined; a `q=0` refuses it. */
export function codificacionAceptada(acceptEncoding: string | undefined): Codificacion | undefined {
  const aceptadas = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((parte) => parte.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([nombre]) => nombre?.trim()),
  );
  return aceptadas.has('br') ? 'br' : aceptadas.has('gzip') ? 'gzip' : undefined;
}

function comprimido(file: string, stats: Stats, codificacion: Codificacion): Promise<Buffer> {
  const clave = `${codificacion}:${stats.size}:${stats.mtimeMs}:${file}`;
  let hecho = comprimidos.get(clave);
  if (!hecho) {
    if (comprimidos.size >= MAX_COMPRIMIDOS) comprimidos.clear();
    hecho = readFile(file).then(comprimir[codificacion]);
    hecho.catch(() => comprimidos.delete(clave));
    comprimidos.set(clave, hecho);
  }
  return hecho;
}

/** One file with the validators @fastify/static gave (weak ETag of size and mtime, Last-Modified, 304). */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  stats: Stats,
  cacheControl: string,
) {
  const etag = `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;
  const lastModified = stats.mtime.toUTCString();
  reply.header('Cache-Control', cacheControl).header('ETag', etag).header('Last-Modified', lastModified);
  const extension = path.extname(file).toLowerCase();
  const compresible = COMPRIMIBLES.has(extension) && stats.size >= MIN_COMPRIMIR;
  if (compresible) reply.header('Vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const fresh = ifNoneMatch
    ? ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')
    : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Math.floor(stats.mtime.getTime() / 1000) * 1000;
  if (fresh) return reply.status(304).send();
  reply.type(TYPES[extension] ?? 'application/octet-stream');
  const codificacion = compresible ? codificacionAceptada(request.headers['accept-encoding']) : undefined;
  if (codificacion) {
    const bytes = await comprimido(file, stats, codificacion);
    return reply.header('Content-Encoding', codificacion).header('Content-Length', bytes.length).send(bytes);
  }
  return reply.header('Content-Length', stats.size).send(createReadStream(file));
}

/**
 * Serves the built web app: its files, and index.html for any other non-API path (client-side routes).
 * Start time: one route and plain node:fs. @fastify/static took ~0.2 s to import, walked the folder with
 * glob and added a route per file (two with HEAD) at every start; this looks a file up when it is asked for.
 */
export async function installWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No se encuentra la web compilada en ${webDist}: ejecuta "npm run build"`);
    return;
  }
  app.get('/*', { exposeHeadRoute: true }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ Mensaje: MSG.notFound });
    const found = await fileOf(root, request.url);
    if (found && found.file !== index) {
      const hashed = path.relative(root, found.file).startsWith(`assets${path.sep}`);
      return sendFile(request, reply, found.file, found.stats, hashed ? INMUTABLE : REVALIDAR);
    }
    const stats = await stat(index).catch(() => undefined);
    if (!stats) return reply.status(404).send({ Mensaje: MSG.notFound });
    return sendFile(request, reply, index, stats, 'no-cache');
  });
}
