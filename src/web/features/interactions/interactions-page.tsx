import { Button } from '@mantine/core';
import { IconMessages, IconPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import type { Interaction, InteractionSortField } from '../../../domain/interactions.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPanel, pageParams, useRecordDialog } from '../../components/list-page.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { withNotice } from '../../lib/notify.ts';
import { useDeleteInteraction, useInteractions } from './api/interactions-api.ts';
import { InteractionsTable } from './components/interactions-table.tsx';

const InteractionDialog = lazy(() =>
  import('./components/interaction-dialog.tsx').then((m) => ({ default: m.InteractionDialog })),
);

export default function InteractionsPage() {
  const list = useListState<InteractionSortField>();
  const interactions = useInteractions(pageParams(list));
  const remove = useDeleteInteraction();
  const dialog = useRecordDialog<Interaction>();

  const askDelete = (interaction: Interaction) =>
    confirmDelete({
      title: 'Delete interaction',
      message: `Delete this ${interaction.type} with ${interaction.contactName}? This cannot be undone.`,
      onConfirm: () =>
        withNotice(() => remove.mutateAsync(interaction.id), 'Interaction deleted successfully'),
    });

  const rowActions = { onEdit: dialog.openEdit, onDelete: askDelete, sorting: list };

  return (
    <>
      <PageHeader
        title="Interactions"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={dialog.openNew}>
            Log Interaction
          </Button>
        }
      />
      <ListPanel
        list={list}
        query={interactions}
        noun="interactions"
        icon={IconMessages}
        hint="Log a meeting, call, email or note with one of your contacts."
      >
        {(rows) => <InteractionsTable rows={rows} {...rowActions} />}
      </ListPanel>
      <LoadWhenOpened opened={dialog.opened}>
        <InteractionDialog
          opened={dialog.opened}
          onClose={dialog.close}
          interaction={dialog.record}
        />
      </LoadWhenOpened>
    </>
  );
}
