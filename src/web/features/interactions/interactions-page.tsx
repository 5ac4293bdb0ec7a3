import { Button } from '@mantine/core';
import { IconMessages, IconPlus } from '@tabler/icons-react';
import type { Interaction, InteractionSortField } from '../../../domain/interactions.ts';
import { useListState } from '../../components/list-controls.tsx';
import { ListPanel, pageParams, useRecordDialog } from '../../components/list-page.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { parseId } from '../../lib/parse-id.ts';
import { useUrlFilter } from '../../lib/url-filters.ts';
import { useContact } from '../contacts/api/contacts-api.ts';
import { useInteractions } from './api/interactions-api.ts';
import { interactionActions } from './components/interaction-actions.ts';
import { InteractionsTable } from './components/interactions-table.tsx';

export default function InteractionsPage() {
  useDocumentTitle('Interactions');
  // One contact's interactions, when their page links here. An id that is none is asked as 0,
  // which the server refuses with its reason.
  const contactFilter = useUrlFilter('contactId');
  const contactId =
    contactFilter.value === undefined ? undefined : (parseId(contactFilter.value) ?? 0);
  const contact = useContact(contactId || null);
  const list = useListState<InteractionSortField>(contactFilter.value);
  const interactions = useInteractions({ ...pageParams(list), contactId });
  const deletion = interactionActions.useDeletion();
  const dialog = useRecordDialog<Interaction>();

  const rowActions = { onEdit: dialog.openEdit, onDelete: deletion.ask, sorting: list };

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
        filter={contactFilter.shown(`Contact: ${contact.data?.name ?? contactFilter.value}`)}
      >
        {(rows) => <InteractionsTable rows={rows} {...rowActions} />}
      </ListPanel>
      <LoadWhenOpened opened={dialog.opened}>
        <interactionActions.Dialog
          opened={dialog.opened}
          onClose={dialog.close}
          interaction={dialog.record}
        />
      </LoadWhenOpened>
    </>
  );
}
