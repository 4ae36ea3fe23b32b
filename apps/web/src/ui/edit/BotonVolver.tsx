import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowLeft } from '../icons.tsx';

/** The way back above an edit screen's title ('Volver a …'): a small subtle link with an arrow. */
export function BotonVolver({ to, children }: { to: string; children: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={14} />}
      mb={4}
    >
      {children}
    </Button>
  );
}
