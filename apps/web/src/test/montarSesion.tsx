import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../app/queryClient.ts';
import { SessionProvider } from '../platform/session/SessionProvider.tsx';
import { writeTokens } from '../platform/storage.ts';
import { mockFetch } from './render.tsx';

/**
 * The real SessionProvider over a signed-in browser (a live token pair stored) at `path`, answering from `rutas`;
 * `sonda` reads the session. Answers the fetch mock (its `calls`).
 */
export function montarSesion(path: string, rutas: Parameters<typeof mockFetch>[0], sonda: ReactNode) {
  writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  const net = mockFetch(rutas);
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <SessionProvider>{sonda}</SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return net;
}
