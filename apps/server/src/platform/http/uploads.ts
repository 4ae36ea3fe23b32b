import { type AllowedFileType, FILE_MIME, MSG } from '@faro/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';
import { CARACTERES_NO_VALIDOS, isCleanText } from './inputGuard.ts';

/** The largest upload any route takes; each route passes its own cap to `readUpload`. */
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const registered = new WeakSet<FastifyInstance>();

/** Registers multipart parsing once (file-upload POSTs of spec section 7), whichever module asks first. */
export function ensureMultipart(app: FastifyInstance): void {
  if (registered.has(app) || app.hasRequestDecorator('isMultipart')) return;
  registered.add(app);
  void app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 } });
}

export interface Upload {
  filename: string;
  bytes: Buffer;
}

/**
 * The one file of a multipart request, read whole up to `limitKb` (the spec's messages: "No existe el fichero"
 * when there is none, "El fichero es demasiado grande…" past the limit).
 */
export async function readUpload(request: FastifyRequest, limitKb: number): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(MSG.fileMissing);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file({ limits: { fileSize: limitKb * 1024 } });
  } catch {
    throw badRequest(MSG.fileMissing);
  }
  if (!file) throw badRequest(MSG.fileMissing);
  // A multipart body is streamed past the input guard: its file name is stored and shown, so it meets the same rule.
  if (!isCleanText(file.filename ?? '', 'url')) throw badRequest(CARACTERES_NO_VALIDOS);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MSG.fileTooBig(limitKb));
    throw new AppError(400, MSG.fileMissing);
  }
  if (file.file.truncated) throw badRequest(MSG.fileTooBig(limitKb));
  if (bytes.length === 0) throw badRequest(MSG.fileMissing);
  return { filename: file.filename || 'fichero', bytes };
}

/**
 * Answers a stored file's bytes: its type's MIME (by the type detected when it was uploaded), an attachment or an
 * inline view under `nombre`, and the caching the caller allows (private always).
 */
export function enviarBytes(
  reply: FastifyReply,
  f: { datos: Uint8Array; tipo: string; nombre: string; inline?: boolean; cache?: string },
) {
  return reply
    .header(
      'Content-Type',
      Object.hasOwn(FILE_MIME, f.tipo) ? FILE_MIME[f.tipo as AllowedFileType] : 'application/octet-stream',
    )
    .header('Content-Disposition', `${f.inline ? 'inline' : 'attachment'}; filename="${f.nombre}"`)
    .header('Cache-Control', f.cache ?? 'private, no-store')
    .send(Buffer.from(f.datos));
}
