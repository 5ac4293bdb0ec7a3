import { IconMessages } from '@tabler/icons-react';
import type { InteractionSortField } from '../../../domain/interactions.ts';
import { BulkListPanel, useRecordList } from '../../components/bulk-actions.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPage, pageParams } from '../../components/list-page.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { parseId } from '../../lib/parse-id.ts';
import { useUrlFilter } from '../../lib/url-filters.ts';
import { contactsApi } from '../contacts/api/contacts-api.ts';
import { useInteractions } from './api/interactions-api.ts';
import { interactionKind } from './components/interaction-kind.ts';
import { InteractionsTable } from './components/interactions-table.tsx';

/** What the list may be sorted by, from its address (`?sort=-name`). */
const sortable = ['date', 'type', 'contactName'] as const satisfies readonly InteractionSortField[];

export default function InteractionsPage() {
  useDocumentTitle('Interactions');
  // One contact's interactions, when their page links here. An id that is none (?contactId=abc)
  // filters nothing, as an unknown value of any other filter in the address: asked as 0, it was
  // refused, and the list said it could not be loaded, Try again failing too.
  const contactFilter = useUrlFilter('contactId');
  const contactId =
    contactFilter.value === undefined ? undefined : (parseId(contactFilter.value) ?? undefined);
  const contact = contactsApi.useOne(contactId || null);
  const list = useListState(sortable);
  const params = { ...pageParams(list), contactId };
  const interactions = useInteractions(params);
  const records = useRecordList(interactionKind, list, params);

  return (
    <ListPage title="Interactions" addLabel="Log Interaction" records={records}>
      <BulkListPanel
        {...records.panel}
        query={interactions}
        icon={IconMessages}
        hint="Log a meeting, call, email or note with one of your contacts."
        filter={
          contactId === undefined
            ? undefined
            : contactFilter.shown(`Contact: ${contact.data?.name ?? contactFilter.value}`)
        }
      >
        {(rows) => <InteractionsTable rows={rows} {...records.rowActions} />}
      </BulkListPanel>
    </ListPage>
  );
}
