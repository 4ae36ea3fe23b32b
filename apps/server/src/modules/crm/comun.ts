import type { FastifyRequest } from 'fastify';
import { notFound } from '../../platform/http/errors.ts';

/** The route's positive integer `:id`, else 404. */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const id = Number((request.params as Record<string, string>)[name]);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

/** Today in Spain, yyyy-mm-dd. */
export function hoyMadrid(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}
