import type { ReactNode } from 'react';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, mockFetch, renderUi, setCookie } from '../../test/render.tsx';

/** Renders a fiscal-record screen signed in (tokens and XSRF cookie) against the mocked API routes. */
export function montarPantalla(
  ui: ReactNode,
  routes: Parameters<typeof mockFetch>[0],
  path = '/',
  over: Parameters<typeof fakeSession>[0] = {},
) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch(routes);
  renderUi(ui, { path, session: fakeSession(over) });
  return net;
}

/** The JSON body of the last call to `METHOD path`. */
export function cuerpoDe(net: ReturnType<typeof mockFetch>, method: string, path: string): unknown {
  const call = net.calls.filter((c) => c.method === method && c.path === path).at(-1);
  if (!call) throw new Error(`No hubo ${method} ${path}`);
  return JSON.parse(String(call.init.body));
}
