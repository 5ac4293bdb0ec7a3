import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCoin, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import type { Grant, GrantSortField } from '../../../domain/grants.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { ListFooter, PAGE_SIZE, SearchBox, useListState } from '../../components/list-controls.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { withNotice } from '../../lib/notify.ts';
import { useDeleteGrant, useGrants } from './api/grants-api.ts';
import { GrantPipeline } from './components/grant-pipeline.tsx';
import { GrantsTable } from './components/grants-table.tsx';

/** Where 'Search for Grants' leads: the US federal grants search. */
const GRANT_SEARCH_URL = 'https://www.grants.gov/search-grants';

const GrantDialog = lazy(() =>
  import('./components/grant-dialog.tsx').then((m) => ({ default: m.GrantDialog })),
);

type Dialog = { mode: 'create' } | { mode: 'edit'; grant: Grant } | null;

export default function GrantsPage() {
  const list = useListState<GrantSortField>();
  const grants = useGrants({
    q: list.q,
    sort: list.sort,
    limit: PAGE_SIZE,
    offset: list.offset,
  });
  const remove = useDeleteGrant();
  const [dialog, setDialog] = useState<Dialog>(null);

  const askDelete = (grant: Grant) =>
    confirmDelete({
      title: 'Delete grant',
      message: `Delete ${grant.name}? Its tasks will be deleted too. This cannot be undone.`,
      onConfirm: () => withNotice(() => remove.mutateAsync(grant.id), 'Grant deleted successfully'),
    });

  const page = grants.data;
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
              onClick={() => setDialog({ mode: 'create' })}
            >
              Add Grant
            </Button>
          </>
        }
      />
      <GrantPipeline />
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <SearchBox value={list.search} onChange={list.setSearch} label="Search grants" />
          {grants.isFetching && <Loader size="xs" aria-label="Refreshing" />}
        </Group>
        {grants.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading grants" />
          </Center>
        ) : grants.isError ? (
          <Text c="red" role="alert">
            {errorMessage(grants.error)}
          </Text>
        ) : page && page.items.length > 0 ? (
          <>
            <GrantsTable
              grants={page.items}
              onEdit={(grant) => setDialog({ mode: 'edit', grant })}
              onDelete={askDelete}
              sorting={list}
            />
            <ListFooter total={page.total} page={list.page} onPage={list.setPage} />
          </>
        ) : (
          <Stack align="center" py="xl" gap="xs">
            <IconCoin size={32} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text fw={500}>{list.q ? 'No grants match your search' : 'No grants yet'}</Text>
            {!list.q && (
              <Text size="sm" c="dimmed">
                Add the grants you are preparing, and follow them to a decision.
              </Text>
            )}
          </Stack>
        )}
      </Paper>
      <LoadWhenOpened opened={dialog !== null}>
        <GrantDialog
          opened={dialog !== null}
          onClose={() => setDialog(null)}
          grant={dialog?.mode === 'edit' ? dialog.grant : undefined}
        />
      </LoadWhenOpened>
    </>
  );
}
