import { MSG } from '@faro/domain';
import { expect } from 'vitest';
import { pdfText } from '../../../test/pdfText.ts';
import type { Response, Session, TestApp } from '../../../test/testApp.ts';

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

/** The text of a printable the session downloads (`GET url`, which must answer a PDF). */
export async function textoDelPdf(t: TestApp, s: Session, url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload).text;
}

/** A refused form: 400 with the form's message, and these field errors among those it lists. */
export function erroresDelFormulario(res: Response, errores: readonly { Campo: string; Mensaje: string }[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.Mensaje).toBe(MSG.formInvalid);
  expect(res.body.Errores).toEqual(expect.arrayContaining([...errores]));
}
