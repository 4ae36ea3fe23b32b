import { PassThrough } from 'node:stream';
import { isIsoDate, MSG } from '@faro/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';

/** A day of a query (yyyy-mm-dd, a real date) with the spec's messages. */
export const zDia = (label: string) =>
  z
    .string({ error: MSG.required(label) })
    .refine(isIsoDate, { error: MSG.format })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: MSG.format });

/** Spec section 9: the export formats; `Formato` of a query (default xlsx), a Spanish 400 otherwise. */
export const FORMATOS_EXPORT = ['xlsx', 'ods', 'pdf', 'html'] as const;
export const MSG_FORMATO = 'El formato de exportación debe ser xlsx, ods, pdf o html';
export function formatoExport(valor: unknown): (typeof FORMATOS_EXPORT)[number] {
  const f = valor === undefined || valor === '' ? 'xlsx' : valor;
  const r = z.enum(FORMATOS_EXPORT).safeParse(f);
  if (!r.success) throw new AppError(400, MSG_FORMATO);
  return r.data;
}

/**
 * Sends a file written as it is produced: the headers first (attachment, no-store, the row count for the progress
 * bar when known), then `escribir` fills the stream; a failure half-way is logged and cuts the download.
 */
export function enviarFichero(
  request: FastifyRequest,
  reply: FastifyReply,
  o: { tipo: string; nombre: string; total?: number },
  escribir: (out: PassThrough) => Promise<void>,
) {
  const stream = new PassThrough();
  reply
    .header('Content-Type', o.tipo)
    .header('Content-Disposition', `attachment; filename="${o.nombre}"`)
    .header('Cache-Control', 'no-store');
  if (o.total !== undefined) reply.header('X-Total-Registros', String(o.total));
  void escribir(stream)
    .then(() => stream.end())
    .catch((error) => {
      request.log.error({ err: error }, 'exportación interrumpida');
      stream.destroy(error as Error);
    });
  return reply.send(stream);
}
