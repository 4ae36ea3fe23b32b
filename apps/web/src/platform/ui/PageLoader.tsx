import { Center, Loader } from '@mantine/core';

/** The content-area placeholder while a screen's code or data loads. */
export function PageLoader() {
  return (
    <Center mih="60vh" aria-busy="true">
      <Loader />
    </Center>
  );
}
