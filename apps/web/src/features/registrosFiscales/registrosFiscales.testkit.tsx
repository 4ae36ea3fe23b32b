import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
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

/** Opens a queue's settings dialog ("Configuración {canal}") and answers it. */
export async function abrirConfiguracion(canal: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Configuración' }));
  return screen.findByRole('dialog', { name: `Configuración ${canal}` });
}

/** Types a value in one field, flips the sending switch, saves, and answers the body of `PUT {ruta}/config`. */
export async function guardarConfiguracion(
  net: ReturnType<typeof mockFetch>,
  dialogo: HTMLElement,
  c: { ruta: string; campo: string; valor: string; interruptor: string },
): Promise<unknown> {
  const en = within(dialogo);
  fireEvent.change(en.getByLabelText(c.campo), { target: { value: c.valor } });
  fireEvent.click(en.getByLabelText(c.interruptor));
  fireEvent.click(en.getByRole('button', { name: 'Guardar' }));
  await waitFor(() => expect(net.calls.some((x) => x.method === 'PUT')).toBe(true));
  return cuerpoDe(net, 'PUT', `${c.ruta}/config`);
}
