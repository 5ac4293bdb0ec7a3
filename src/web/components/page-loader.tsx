import { Center, Loader } from '@mantine/core';

/** The spinner shown while a page or the signed-in user loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100vh' : '40vh'}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
