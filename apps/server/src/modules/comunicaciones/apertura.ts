import { and, eq, isNull } from 'drizzle-orm';
import type { AreaModule } from '../../platform/deps.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { mkMensajes } from '../../platform/tenancy/tables.ts';
import { firmar, firmaValida } from './bajas.ts';

/** A transparent 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The signed token of a message's opening pixel: `<empresa>.<mensaje>.<firma>` (cannot be forged or moved). */
export function tokenApertura(secret: string, empresaId: number, idMensaje: number): string {
  const payload = `${empresaId}.${idMensaje}`;
  return `${payload}.${firmar(secret, 'apertura', payload)}`;
}

export function leerTokenApertura(secret: string, token: string): { empresaId: number; idMensaje: number } | null {
  const m = /^(\d{1,15})\.(\d{1,15})\.([\w-]{32})\.gif$/.exec(token);
  if (!m || !firmaValida(secret, 'apertura', `${m[1]}.${m[2]}`, m[3])) return null;
  return { empresaId: Number(m[1]), idMensaje: Number(m[2]) };
}

/** The pixel's <img> for the HTML of a message of a campaign with `Pixel`. */
export const imgApertura = (publicUrl: string, secret: string, empresaId: number, idMensaje: number) =>
  `<img src="${publicUrl.replace(/\/$/, '')}/abierto/${tokenApertura(secret, empresaId, idMensaje)}.gif" width="1" height="1" alt="" style="display:block;border:0">`;

/**
 * The opening pixel (`GET /abierto/{token}.gif`, outside /api: no session): records the message's first opening
 * and always answers the GIF (a wrong token records nothing). Mail clients that block images are not counted: the
 * report says "abiertos (mínimo)".
 */
export const aperturaRoutes: AreaModule = (app, deps) => {
  const dir = companyDirectory(deps);
  app.get('/abierto/:token', async (request, reply) => {
    const d = leerTokenApertura(deps.secret, String((request.params as { token: string }).token));
    if (d) {
      await dir
        .scope(d.empresaId, { personaId: null, userName: 'píxel de apertura' })
        .update(
          mkMensajes,
          { Abierto: new Date().toISOString() },
          and(eq(mkMensajes.Id, d.idMensaje), isNull(mkMensajes.Abierto)),
        );
    }
    return reply
      .header('Content-Type', 'image/gif')
      .header('Cache-Control', 'no-store, private')
      .header('Referrer-Policy', 'no-referrer')
      .send(GIF);
  });
};
