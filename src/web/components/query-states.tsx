import { Center, Loader, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client.ts';

/** The spinner while a list or a board first loads. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** A query's failure, in red, announced. */
export function ErrorText({ error }: { error: unknown }) {
  return (
    <Text c="red" role="alert">
      {errorMessage(error)}
    </Text>
  );
}
