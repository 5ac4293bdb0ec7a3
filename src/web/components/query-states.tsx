import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client.ts';
import { focusListSearch } from '../lib/lost-focus.ts';

/** The spinner while a list or a board first loads. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/**
 * What shows in place of a list (or a record) that could not be loaded: never its empty state,
 * which would say there is nothing; the reason, and a button that asks again.
 */
export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Stack align="center" py="xl" gap="xs" role="alert">
      <Text fw={500}>{what} could not be loaded</Text>
      <Text size="sm" c="dimmed">
        {errorMessage(error)}
      </Text>
      <Button variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

/** What shows in place of a list that its filters leave empty, with the way back to all of it. */
export function NoMatches({ noun, onClear }: { noun: string; onClear: () => void }) {
  return (
    <Stack align="center" py="xl" gap="xs">
      <Text fw={500}>No {noun} match these filters</Text>
      <Button
        variant="default"
        onClick={(event) => {
          const pressed = { currentTarget: event.currentTarget, detail: event.detail };
          onClear();
          focusListSearch(pressed);
        }}
      >
        Clear filters
      </Button>
    </Stack>
  );
}
