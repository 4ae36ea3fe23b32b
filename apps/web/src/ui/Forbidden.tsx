import { MSG } from '@faro/domain';
import { Alert } from '@mantine/core';

export function Forbidden() {
  return (
    <Alert color="red" variant="light" maw={640} role="alert">
      {MSG.forbidden}
    </Alert>
  );
}
