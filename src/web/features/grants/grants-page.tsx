import { Button } from '@mantine/core';
import { IconCoin, IconExternalLink } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import {
  type GrantStatus,
  grantSortFields,
  grantStatuses,
  grantStatusLabels,
} from '../../../domain/grant-constants.ts';
import { counted } from '../../../domain/wording.ts';
import { BulkListPanel, useRecordList } from '../../components/bulk-actions.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPage, pageParams } from '../../components/list-page.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { choicesOf } from '../../lib/choices.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { choiceParam, useUrlFilter, useUrlFilters } from '../../lib/url-filters.ts';
import { useBulkGrantStatus, useGrants } from './api/grants-api.ts';
import { grantKind } from './components/grant-kind.ts';
import { GrantPipeline } from './components/grant-pipeline.tsx';
import { GrantStatusFilter } from './components/grant-status-filter.tsx';
import { GrantsTable } from './components/grants-table.tsx';

// The import's dialog and its code load when it is first opened.
const GrantImport = lazy(() => import('./components/grant-import.tsx'));

/** Where 'Search for Grants' leads: the US federal grants search. */
const GRANT_SEARCH_URL = 'https://www.grants.gov/search-grants';

/** The status the list is narrowed to, kept in the address (`/grants?status=awarded`). */
const readFilters = (params: URLSearchParams) => ({
  status: choiceParam(params, 'status', grantStatuses),
});

export default function GrantsPage() {
  useDocumentTitle('Grants');
  const [filters, setFilters] = useUrlFilters(readFilters);
  // One funder's grants, when a contact's page links here.
  const funder = useUrlFilter('funder');
  const list = useListState(grantSortFields);
  const params = { ...pageParams(list), status: filters.status, funder: funder.value };
  const grants = useGrants(params);
  const records = useRecordList(grantKind, list, params);
  const { selection } = records;
  const bulkStatus = useBulkGrantStatus();
  const [importing, setImporting] = useState(false);

  return (
    <ListPage
      records={records}
      title="Grants"
      addLabel="Add Grant"
      actions={
        <>
          <Button variant="default" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
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
        </>
      }
    >
      <LoadWhenOpened opened={importing}>
        <GrantImport opened={importing} onClose={() => setImporting(false)} />
      </LoadWhenOpened>
      <GrantPipeline />
      <BulkListPanel
        {...records.panel}
        query={grants}
        icon={IconCoin}
        hint="Add the grants you are preparing, and follow them to a decision."
        filters={
          <GrantStatusFilter value={filters.status} onChange={(status) => setFilters({ status })} />
        }
        onClearFilters={
          filters.status
            ? () => {
                list.setSearch('');
                setFilters({ status: undefined });
              }
            : undefined
        }
        filter={funder.shown(`Funder: ${funder.value}`)}
        bulk={{
          ...records.panel.bulk,
          changes: [
            {
              label: `Change the status of ${counted(selection.ids.size, 'selected grant')}`,
              placeholder: 'Change status…',
              apply: 'Change status',
              choices: choicesOf(grantStatuses, grantStatusLabels),
              onChange: (status) =>
                bulkStatus.mutateAsync({
                  ids: [...selection.ids],
                  status: status as GrantStatus,
                }),
              changed: (count, status) => `${counted(count, 'grant')} now ${status.label}`,
              ask: (status, count) =>
                status === 'awarded'
                  ? `Mark ${counted(count, 'grant')} Awarded? A grant with no award recorded is awarded what it asked for; change it on the grant's page.`
                  : null,
            },
          ],
        }}
      >
        {(rows) => <GrantsTable rows={rows} {...records.rowActions} />}
      </BulkListPanel>
    </ListPage>
  );
}
