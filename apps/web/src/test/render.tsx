import type { InfoEmpresa } from '@faro/domain';
import { entityByName, selectRouteTable } from '@faro/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { testContext } from '../../../../packages/domain/src/navigation/testContext.ts';
import { createQueryClient } from '../app/queryClient.ts';
import { theme } from '../app/theme.ts';
import '../ui/fechas.ts';
import { SessionContext } from '../platform/session/SessionProvider.tsx';
import type { SessionApi, SessionInfo } from '../platform/session/types.ts';
import type { InputProps } from '../ui/fields/inputs.tsx';

export { testContext };

/** A fake session API around a ready company context. */
export function fakeSession(over: Partial<InfoEmpresa> = {}, centro = 'C1'): SessionApi {
  const info = testContext(over) as SessionInfo;
  return {
    state: { status: 'ready', info, table: selectRouteTable(info), centro, matricula: '', alumno: '' },
    login: vi.fn(async () => {}),
    logout: vi.fn(),
    setCentro: vi.fn(async () => {}),
    setMatricula: vi.fn(),
    changeCompany: vi.fn(async () => {}),
    patchInfo: vi.fn(),
    retry: vi.fn(),
  };
}

/** Renders inside Mantine, React Query, a memory router and (optionally) a session. */
export function renderUi(ui: ReactNode, { path = '/', session }: { path?: string; session?: SessionApi } = {}) {
  const client = createQueryClient();
  const tree = (
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {session ? <SessionContext.Provider value={session}>{ui}</SessionContext.Provider> : ui}
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { ...render(tree), client };
}

/** A fetch mock answering by "METHOD path" (path without /api/ and query); `…/lookup` falls back to `…/list`. */
export function mockFetch(routes: Record<string, (init: RequestInit, url: URL) => Response | Promise<Response>>) {
  const calls: { method: string; path: string; url: URL; init: RequestInit }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\//, '');
    calls.push({ method, path, url, init });
    // A reference list's lookup answers like its list (a subset of the columns) unless the test mocks it.
    const handler = routes[`${method} ${path}`] ?? routes[`${method} ${path.replace(/\/lookup$/, '/list')}`];
    if (!handler && method === 'GET' && path === 'listas') return listas(routes, init, url);
    if (!handler) return json(404, { Mensaje: 'no route' });
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** `GET listas?incluir=a,b`, unless mocked: each list as its lookup (or list) mock answers, left out when refused. */
async function listas(
  routes: Record<string, (init: RequestInit, url: URL) => Response | Promise<Response>>,
  init: RequestInit,
  url: URL,
): Promise<Response> {
  const Listas: Record<string, unknown> = {};
  for (const name of (url.searchParams.get('incluir') ?? '').split(',')) {
    const entity = entityByName(name);
    const handler =
      entity && (routes[`GET ${entity.area}/${name}/lookup`] ?? routes[`GET ${entity.area}/${name}/list`]);
    const r = handler ? await handler(init, url) : undefined;
    if (r?.ok) Listas[name] = ((await r.json()) as { Items?: unknown[] }).Items ?? [];
  }
  return json(200, { Listas });
}

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Sets a cookie in the test document (the XSRF-TOKEN the server would set). */
export function setCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: tests play the server's Set-Cookie
  document.cookie = `${name}=${value}; path=/`;
}

/** Renders a field widget (the props every form input takes) untouched and without error; `onChange` is a spy. */
export function renderCampo(
  Campo: ComponentType<InputProps>,
  p: Pick<InputProps, 'name' | 'def' | 'value' | 'readOnly'>,
) {
  const onChange = vi.fn();
  const r = renderUi(<Campo {...p} onChange={onChange} onBlur={() => {}} error={null} />);
  return { onChange, ...r };
}
