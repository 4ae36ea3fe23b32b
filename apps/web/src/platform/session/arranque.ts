import { api } from '../api/client.ts';
import { hasTokens } from '../storage.ts';
import type { SessionInfo } from './types.ts';

/** The company context (spec section 4): who is signed in, where, with which permissions and modules. */
export const INFO_PATH = 'usuarios/usuario/infoempre';

let delArranque: Promise<SessionInfo> | null = null;

/**
 * A signed-in page load asks for the company context as soon as the entry module runs, before React renders and
 * while the shell's and the screen's chunks load: context and chunks travel together instead of one after the
 * other (the token refresh, when the stored token has expired, runs inside this call). The session provider adopts
 * the answer (`contextoDelArranque`) instead of asking again. Signed out, nothing is asked.
 */
export function pedirContextoAlArrancar(): void {
  if (delArranque || !hasTokens()) return;
  delArranque = api.get<SessionInfo>(INFO_PATH);
  // Its failure is handled where it is adopted; until then a rejection is not an unhandled error.
  delArranque.catch(() => {});
}

/** The context asked at start-up, handed over once; null when none was asked (signed out, or already taken). */
export function contextoDelArranque(): Promise<SessionInfo> | null {
  const pedido = delArranque;
  delArranque = null;
  return pedido;
}
