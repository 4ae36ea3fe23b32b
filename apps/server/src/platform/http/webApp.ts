import { createReadStream, existsSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
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

/** One file with the validators @fastify/static gave (weak ETag of size and mtime, Last-Modified, 304). */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, stats: Stats, cacheControl: string) {
  const etag = `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;
  const lastModified = stats.mtime.toUTCString();
  reply.header('Cache-Control', cacheControl).header('ETag', etag).header('Last-Modified', lastModified);
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const fresh = ifNoneMatch
    ? ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')
    : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Math.floor(stats.mtime.getTime() / 1000) * 1000;
  if (fresh) return reply.status(304).send();
  return reply
    .type(TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
    .header('Content-Length', stats.size)
    .send(createReadStream(file));
}

/**
 * Serves the built web app: its files, and index.html for any other non-API path (client-side routes).
 * Start time (issue 22): one route and plain node:fs. @fastify/static took ~0.2 s to import, walked the folder with
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
    if (found && found.file !== index) return sendFile(request, reply, found.file, found.stats, 'public, max-age=0');
    const stats = await stat(index).catch(() => undefined);
    if (!stats) return reply.status(404).send({ Mensaje: MSG.notFound });
    return sendFile(request, reply, index, stats, 'no-cache');
  });
}
