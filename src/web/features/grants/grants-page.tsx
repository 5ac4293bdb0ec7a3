import { Button } from '@mantine/core';
import { IconCoin, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import type { Grant, GrantSortField } from '../../../domain/grants.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPanel, pageParams, useRecordDialog } from '../../components/list-page.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { withNotice } from '../../lib/notify.ts';
import { useDeleteGrant, useGrants } from './api/grants-api.ts';
import { GrantPipeline } from './components/grant-pipeline.tsx';
import { GrantsTable } from './components/grants-table.tsx';

/** Where 'Search for Grants' leads: the US federal grants search. */
const GRANT_SEARCH_URL = 'https://www.grants.gov/search-grants';

const GrantDialog = lazy(() =>
  import('./components/grant-dialog.tsx').then((m) => ({ default: m.GrantDialog })),
);

export default function GrantsPage() {
  const list = useListState<GrantSortField>();
  const grants = useGrants(pageParams(list));
  const remove = useDeleteGrant();
  const dialog = useRecordDialog<Grant>();

  const askDelete = (grant: Grant) =>
    confirmDelete({
      title: 'Delete grant',
      message: `Delete ${grant.name}? Its tasks will be deleted too. This cannot be undone.`,
      onConfirm: () => withNotice(() => remove.mutateAsync(grant.id), 'Grant deleted successfully'),
    });

  const rowActions = { onEdit: dialog.openEdit, onDelete: askDelete, sorting: list };

  return (
    <>
      <PageHeader
        title="Grants"
        actions={
          <>
            <Button
              component="a"
              href={GRANT_SEARCH_URL}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              rightSection={<IconExternalLink size={16} aria-hidden="true" />}
            >
              Search for Grants
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={dialog.openNew}
            >
              Add Grant
            </Button>
          </>
        }
      />
      <GrantPipeline />
      <ListPanel
        list={list}
        query={grants}
        noun="grants"
        icon={IconCoin}
        hint="Add the grants you are preparing, and follow them to a decision."
      >
        {(rows) => <GrantsTable rows={rows} {...rowActions} />}
      </ListPanel>
      <LoadWhenOpened opened={dialog.opened}>
        <GrantDialog opened={dialog.opened} onClose={dialog.close} grant={dialog.record} />
      </LoadWhenOpened>
    </>
  );
}
