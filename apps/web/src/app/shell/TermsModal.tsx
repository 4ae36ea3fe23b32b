import { MSG } from '@faro/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useSession } from '../../platform/session/SessionProvider.tsx';

/** Non-dismissable while the terms are not accepted: the only way out is 'Cerrar sesión'. Shown on every navigation. */
export function TermsModal() {
  const { logout } = useSession();
  return (
    <Modal
      opened
      onClose={() => {}}
      title="Aviso Legal"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={2000}
    >
      <Text mb="md">{MSG.termsPending}.</Text>
      <Group justify="flex-end">
        <Button onClick={() => logout()}>Cerrar sesión</Button>
      </Group>
    </Modal>
  );
}
