import { Loader, Overlay, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLoading } from './loading.ts';

/** Shown while calls are in flight (after 200 ms, so quick calls do not flash), hidden on finish or error. */
export const LOADING_TEXT = 'Cargando datos...';

export function LoadingOverlay() {
  const loading = useLoading();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), 200);
    return () => clearTimeout(t);
  }, [loading]);
  if (!visible) return null;
  return (
    <Overlay fixed zIndex={3000} backgroundOpacity={0.25} center>
      <Paper shadow="md" px="xl" py="md" radius="md" role="status" aria-live="polite" data-testid="loading-overlay">
        <Loader size="sm" mr="sm" display="inline-block" style={{ verticalAlign: 'middle' }} />
        <Text span fw={500}>
          {LOADING_TEXT}
        </Text>
      </Paper>
    </Overlay>
  );
}
