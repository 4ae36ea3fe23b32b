import { createHmac, timingSafeEqual } from 'node:crypto';
import { MSG_MARKETING } from '@faro/domain';
import type { AreaModule } from '../../platform/deps.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { mkBajas } from '../../platform/tenancy/tables.ts';

export interface DatosBaja {
  empresaId: number;
  tipo: 'c' | 'p';
  idContacto: number;
  idCampana: number;
}

/** HMAC-SHA256 of a payload under the server secret, separated per use (`bajas`, `apertura`). */
export const firmar = (secret: string, uso: string, payload: string) =>
  createHmac('sha256', `${secret}:${uso}`).update(payload).digest('base64url').slice(0, 32);
const firma = (secret: string, payload: string) => firmar(secret, 'bajas', payload);

/** Whether `sig` is the signature of `payload` for `uso` (constant time). */
export function firmaValida(secret: string, uso: string, payload: string, sig: string | undefined): boolean {
  if (sig?.length !== 32) return false;
  return timingSafeEqual(Buffer.from(firmar(secret, uso, payload)), Buffer.from(sig));
}

/** A signed unsubscribe token (HMAC under the server secret): it cannot be forged nor pointed at another contact. */
export function tokenBaja(secret: string, d: DatosBaja): string {
  const payload = Buffer.from(`${d.empresaId}.${d.tipo}.${d.idContacto}.${d.idCampana}`).toString('base64url');
  return `${payload}.${firma(secret, payload)}`;
}

export function leerTokenBaja(secret: string, token: string): DatosBaja | null {
  const [payload, sig] = token.split('.');
  if (!payload || !firmaValida(secret, 'bajas', payload, sig)) return null;
  const [e, tipo, id, camp] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  const empresaId = Number(e);
  const idContacto = Number(id);
  const idCampana = Number(camp);
  if (!Number.isSafeInteger(empresaId) || empresaId <= 0 || (tipo !== 'c' && tipo !== 'p')) return null;
  if (!Number.isSafeInteger(idContacto) || !Number.isSafeInteger(idCampana)) return null;
  return { empresaId, tipo, idContacto, idCampana };
}

const pagina = (titulo: string, cuerpo: string) => `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${titulo}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#212529}
button{font-size:1rem;padding:.6rem 1.2rem;background:#1864ab;color:#fff;border:0;border-radius:4px;cursor:pointer}</style>
</head><body><main><h1>${titulo}</h1>${cuerpo}</main></body></html>`;

/**
 * The unsubscribe link of marketing e-mails, without login (outside /api: no session, no CSRF pair): GET shows a
 * confirmation button (mail scanners that open links do not unsubscribe anybody), POST — the button, or the
 * mail client's one-click `List-Unsubscribe-Post` — records the Baja for marketing.
 */
export const bajasRoutes: AreaModule = (app, deps) => {
  const dir = companyDirectory(deps);
  app.get('/baja/:token', async (request, reply) => {
    const token = String((request.params as { token: string }).token);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!leerTokenBaja(deps.secret, token))
      return reply.code(400).send(pagina('Enlace no válido', `<p>${MSG_MARKETING.bajaNoValida}</p>`));
    return pagina(
      'Darse de baja',
      `<p>¿Quieres dejar de recibir nuestras comunicaciones comerciales?</p><form method="post"><button type="submit">Confirmar la baja</button></form>`,
    );
  });
  // The one-click POST of mail clients carries `List-Unsubscribe=One-Click` form-encoded: accepted (and ignored) here only.
  void app.register(async (child) => {
    child.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
    child.post('/baja/:token', async (request, reply) => {
      const token = String((request.params as { token: string }).token);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      const d = leerTokenBaja(deps.secret, token);
      if (!d) return reply.code(400).send(pagina('Enlace no válido', `<p>${MSG_MARKETING.bajaNoValida}</p>`));
      const s = dir.scope(d.empresaId, { personaId: null, userName: 'baja por enlace' });
      await s.tx(async (t) => {
        const [nueva] = await t
          .insert(mkBajas, { TipoContacto: d.tipo, IdContacto: d.idContacto, IdCampana: d.idCampana || null })
          .onConflictDoNothing()
          .returning({ Id: mkBajas.IdContacto });
        if (nueva) {
          await t.audit({
            accion: 'A',
            recurso: 'bajasmarketing',
            idRegistro: d.idContacto,
            campos: { TipoContacto: d.tipo, IdCampana: d.idCampana },
          });
        }
      });
      return pagina('Baja confirmada', `<p>${MSG_MARKETING.bajaHecha}</p>`);
    });
  });
};
