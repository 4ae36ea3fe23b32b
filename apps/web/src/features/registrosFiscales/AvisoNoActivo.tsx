import { Alert } from '@mantine/core';

/** Why a company does not see a channel's screens (another channel, or none, is active). */
export function AvisoNoActivo({ texto }: { texto: string }) {
  return (
    <Alert color="gray" variant="light" maw={640}>
      {texto}
    </Alert>
  );
}
