import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { montarSesion } from '../../test/montarSesion.tsx';
import { json, testContext } from '../../test/render.tsx';
import { readTokens, storedCentro } from '../storage.ts';
import { useSession } from './SessionProvider.tsx';

/** Shows the path and the session's centre, and changes the centre like the top bar's selector does. */
function Probe() {
  const { state, setCentro } = useSession();
  return (
    <>
      <p data-testid="where">{useLocation().pathname}</p>
      <p data-testid="centro">{state.status === 'ready' ? state.centro : state.status}</p>
      <p data-testid="denegados">{state.status === 'ready' ? state.info.Denegados.join(',') : ''}</p>
      <button type="button" onClick={() => void setCentro('C2')}>
        Sucursal
      </button>
    </>
  );
}

function setup(path: string) {
  const info = testContext({
    Centros: [
      { Val: 'C1', Desc: 'Central' },
      { Val: 'C2', Desc: 'Sucursal' },
    ],
    DenegadosCentro: { C2: ['VentasFact'] },
  });
  // Like the server: the context's Denegados holds the denials of the token's centre.
  const enC2 = (init: RequestInit) => new Headers(init.headers).get('authorization') === 'Bearer T2';
  return montarSesion(
    path,
    {
      'GET usuarios/usuario/infoempre': (init) => json(200, { ...info, Denegados: enC2(init) ? ['VentasFact'] : [] }),
      'GET usuarios/usuario/cambiarcentro/C2': () =>
        json(200, { Token: 'T2', TokenRefresh: 'R2', Expiracion: new Date(Date.now() + 600_000).toISOString() }),
    },
    <Probe />,
  );
}

describe('changing centre (spec section 4)', () => {
  it('stores the selection and the new token pair, then goes home with the new centre', async () => {
    const { calls } = setup('/clientes/lista');
    await waitFor(() => expect(screen.getByTestId('centro').textContent).toBe('C1'));
    expect(storedCentro()).toBe('C1');
    fireEvent.click(screen.getByRole('button', { name: 'Sucursal' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(screen.getByTestId('centro').textContent).toBe('C2');
    expect(storedCentro()).toBe('C2');
    expect(readTokens()?.Token).toBe('T2');
    expect(calls.some((c) => c.path === 'usuarios/usuario/cambiarcentro/C2')).toBe(true);
  });

  it("reads the context again for the new centre: its Denegados are the centre's", async () => {
    setup('/clientes/lista');
    await waitFor(() => expect(screen.getByTestId('centro').textContent).toBe('C1'));
    expect(screen.getByTestId('denegados').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Sucursal' }));
    await waitFor(() => expect(screen.getByTestId('denegados').textContent).toBe('VentasFact'));
    expect(screen.getByTestId('centro').textContent).toBe('C2');
  });
});
