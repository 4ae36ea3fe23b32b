import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../platform/session/SessionProvider.tsx';
import { LoadingOverlay } from '../platform/ui/LoadingOverlay.tsx';
import { TOAST_MS } from '../platform/ui/notify.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';
import { Gate } from './Gate.tsx';
import './prefetch.ts';
import { createQueryClient } from './queryClient.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toasts' container loads right after the first render, in its own chunk (the first load carries
// only what the login page and the shell paint). A toast shown meanwhile waits in the notifications store.
const Notifications = lazyNamed(() => import('@mantine/notifications'), 'Notifications');

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="bottom-center" limit={1} autoClose={TOAST_MS} zIndex={4000} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProvider>
            <Gate />
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
      <LoadingOverlay />
    </MantineProvider>
  );
}
