import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayout } from './PublicLayout.tsx';

/** registroalu and contratacion: their full flows come with later issues. */
export function PublicPlaceholder({ title }: { title: string }) {
  return (
    <PublicLayout title={title}>
      <Text mb="md">En preparación. Esta pantalla estará disponible próximamente.</Text>
      <Anchor component={Link} to="/registro">
        Volver al acceso
      </Anchor>
    </PublicLayout>
  );
}
