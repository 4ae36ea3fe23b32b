import { expect } from 'vitest';
import type { Response } from '../../../test/testApp.ts';

/**
 * The body of an answer that must come with `status` (the body goes into the failure message, so a refused request
 * says why); with `contiene`, the body must also hold those fields (`toMatchObject`).
 */
// biome-ignore lint/suspicious/noExplicitAny: API tests read answers as loose JSON, like `Session.request`
export function cuerpo<T = any>(res: Response<T>, status = 200, contiene?: Record<string, unknown>): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (contiene) expect(res.body).toMatchObject(contiene);
  return res.body;
}
