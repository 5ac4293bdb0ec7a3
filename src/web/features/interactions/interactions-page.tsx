import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconMessages, IconPlus } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import type { Interaction, InteractionSortField } from '../../../domain/interactions.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { ListFooter, PAGE_SIZE, SearchBox, useListState } from '../../components/list-controls.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { withNotice } from '../../lib/notify.ts';
import { useDeleteInteraction, useInteractions } from './api/interactions-api.ts';
import { InteractionsTable } from './components/interactions-table.tsx';

const InteractionDialog = lazy(() =>
  import('./components/interaction-dialog.tsx').then((m) => ({ default: m.InteractionDialog })),
);

type Dialog = { mode: 'create' } | { mode: 'edit'; interaction: Interaction } | null;

export default function InteractionsPage() {
  const list = useListState<InteractionSortField>();
  const interactions = useInteractions({
    q: list.q,
    sort: list.sort,
    limit: PAGE_SIZE,
    offset: list.offset,
  });
  const remove = useDeleteInteraction();
  const [dialog, setDialog] = useState<Dialog>(null);

  const askDelete = (interaction: Interaction) =>
    confirmDelete({
      title: 'Delete interaction',
      message: `Delete this ${interaction.type} with ${interaction.contactName}? This cannot be undone.`,
      onConfirm: () =>
        withNotice(() => remove.mutateAsync(interaction.id), 'Interaction deleted successfully'),
    });

  const page = interactions.data;
  return (
    <>
      <PageHeader
        title="Interactions"
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setDialog({ mode: 'create' })}
          >
            Log Interaction
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <SearchBox value={list.search} onChange={list.setSearch} label="Search interactions" />
          {interactions.isFetching && <Loader size="xs" aria-label="Refreshing" />}
        </Group>
        {interactions.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading interactions" />
          </Center>
        ) : interactions.isError ? (
          <Text c="red" role="alert">
            {errorMessage(interactions.error)}
          </Text>
        ) : page && page.items.length > 0 ? (
          <>
            <InteractionsTable
              interactions={page.items}
              onEdit={(interaction) => setDialog({ mode: 'edit', interaction })}
              onDelete={askDelete}
              sorting={list}
            />
            <ListFooter total={page.total} page={list.page} onPage={list.setPage} />
          </>
        ) : (
          <Stack align="center" py="xl" gap="xs">
            <IconMessages size={32} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text fw={500}>
              {list.q ? 'No interactions match your search' : 'No interactions yet'}
            </Text>
            {!list.q && (
              <Text size="sm" c="dimmed">
                Log a meeting, call, email or note with one of your contacts.
              </Text>
            )}
          </Stack>
        )}
      </Paper>
      <LoadWhenOpened opened={dialog !== null}>
        <InteractionDialog
          opened={dialog !== null}
          onClose={() => setDialog(null)}
          interaction={dialog?.mode === 'edit' ? dialog.interaction : undefined}
        />
      </LoadWhenOpened>
    </>
  );
}
