import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../platform/session/SessionProvider.tsx';
import { LoadingOverlay } from '../platform/ui/LoadingOverlay.tsx';
import { TOAST_MS } from '../platform/ui/notify.ts';
import { Gate } from './Gate.tsx';
import './prefetch.ts';
import { createQueryClient } from './queryClient.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="bottom-center" limit={1} autoClose={TOAST_MS} zIndex={4000} />
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
