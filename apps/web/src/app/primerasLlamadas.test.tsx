import { resolveRoute, splitPath } from '@faro/domain';
import { waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../platform/session/types.ts';
import { writeTokens } from '../platform/storage.ts';
import { fakeSession, renderUi } from '../test/render.tsx';
import { type PrimeraLlamada, primerasLlamadas } from './primerasLlamadas.ts';
import { LoggedScreen } from './screens.tsx';

/** A GET as `path?sorted params`, the way the API client matches a call asked ahead with the screen's own. */
const clave = (path: string, params: URLSearchParams) => {
  params.sort();
  return `${path}?${params}`;
};
const deLlamada = ({ path, params = {} }: PrimeraLlamada) =>
  clave(
    path,
    new URLSearchParams(
      Object.entries(params)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, String(v)]),
    ),
  );

/**
 * The GETs a screen makes on mount, before any answer (the network never answers here, so nothing that depends on
 * an answer is asked).
 */
async function llamadasAlMontar(ruta: string, session = fakeSession()): Promise<string[]> {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  const vistas: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      vistas.push(clave(url.pathname.replace(/^\/api\//, ''), url.searchParams));
      return new Promise<Response>(() => {});
    }),
  );
  const [pathname = '/', search = ''] = ruta.split('?');
  const info = session.state.status === 'ready' ? (session.state.info as SessionInfo) : null;
  const decision = resolveRoute(pathname, info);
  if (decision.kind !== 'render') throw new Error(`${ruta} does not render for this session`);
  renderUi(
    <Suspense fallback={null}>
      <LoggedScreen action={decision.action} segments={splitPath(pathname)} route={decision.route} />
    </Suspense>,
    { path: ruta, session },
  );
  const esperadas = primerasLlamadas(pathname, search).map(deLlamada);
  await waitFor(() => expect(vistas).toEqual(expect.arrayContaining(esperadas)), { timeout: 10_000 });
  return esperadas;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('first calls asked ahead of each key screen', () => {
  it.each([
    ['/', 1],
    ['/fventa/lista', 1],
    ['/fcompra/lista', 1],
    ['/factemitidas/lista', 1],
    ['/factrecibidas/lista', 1],
    ['/modtributarios/lista', 2],
    ['/modtributarios/lista?Modelo=347&Ejercicio=2025&Periodo=0A', 2],
    ['/movstesoreria/lista?pestana=cuentas', 1],
    ['/movstesoreria/lista?pestana=extractos', 2],
    ['/remesas/lista', 1],
    ['/clientes/lista', 1],
    ['/productos/lista?orden=Nombre&desc=1&buscar=tornillo', 1],
  ])('%s: the screen asks exactly what the route asked ahead (%i calls)', async (ruta, cuantas) => {
    // Every call asked ahead is one the screen makes; otherwise it would be one call more, not one less.
    expect(await llamadasAlMontar(ruta)).toHaveLength(cuantas);
  });

  it("the adviser's work queue", async () => {
    const asesoria = fakeSession({ TipoCuenta: 'asesoria', Roles: ['asesoria'] });
    expect(await llamadasAlMontar('/aseempresas/lista', asesoria)).toHaveLength(2);
  });

  it('a filtered document list, an edit form or an unknown route asks nothing ahead', () => {
    expect(primerasLlamadas('/fventa/lista', '?cobro=Pendiente')).toEqual([]);
    expect(primerasLlamadas('/clientes/editar/3', '')).toEqual([]);
    expect(primerasLlamadas('/noexiste/lista', '')).toEqual([]);
    expect(primerasLlamadas('/configura', '')).toEqual([]);
  });
});
