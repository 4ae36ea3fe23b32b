import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { json, mockFetch, testContext } from '../../test/render.tsx';
import { writeTokens } from '../storage.ts';
import { contextoDelArranque, pedirContextoAlArrancar } from './arranque.ts';
import { SessionProvider, useSession } from './SessionProvider.tsx';

function Estado() {
  const { state } = useSession();
  return <p data-testid="estado">{state.status === 'ready' ? state.info.NombreEmpresa : state.status}</p>;
}

const signedIn = () =>
  writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: new Date(Date.now() + 600_000).toISOString() });

describe('a signed-in page load asks for the company context before React renders', () => {
  it('starts the context call at once, and the session adopts it instead of asking again', async () => {
    signedIn();
    let responder: (r: Response) => void = () => {};
    const net = mockFetch({
      'GET usuarios/usuario/infoempre': () =>
        new Promise<Response>((resolve) => {
          responder = resolve;
        }),
    });
    pedirContextoAlArrancar();
    // Asked before anything renders (the chunks of the shell and the screen load meanwhile).
    await waitFor(() => expect(net.calls.map((c) => c.path)).toEqual(['usuarios/usuario/infoempre']));
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/fventa/lista']}>
            <SessionProvider>
              <Estado />
            </SessionProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('estado').textContent).toBe('loading');
    responder(json(200, testContext({ NombreEmpresa: 'Empresa del arranque' })));
    await waitFor(() => expect(screen.getByTestId('estado').textContent).toBe('Empresa del arranque'));
    expect(net.calls.filter((c) => c.path === 'usuarios/usuario/infoempre')).toHaveLength(1);
    // Handed over once: a later load (a retry, a sign-in) asks the server again.
    expect(contextoDelArranque()).toBeNull();
  });

  it('asks nothing when signed out', async () => {
    const net = mockFetch({});
    pedirContextoAlArrancar();
    await new Promise((r) => setTimeout(r, 20));
    expect(net.calls).toHaveLength(0);
    expect(contextoDelArranque()).toBeNull();
  });
});
