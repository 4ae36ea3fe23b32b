import { notFound } from '../../platform/http/errors.ts';

/** The `:id` of an engine route: a positive safe integer, else 404 (as a row of another company). */
export const idOf = (request: { params: unknown }) => {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};
