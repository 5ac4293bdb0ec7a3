import { Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BulkResult } from '../../domain/bulk.ts';
import { BULK_MAX } from '../../domain/bulk-constants.ts';
import { ListPanel, type ListPanelProps } from './list-page.tsx';
import { SelectBox, type Selection } from './selection.tsx';

// The actions load when a first row is chosen: most visits to a list choose none.
const BulkActionsPanel = lazy(() => import('./bulk-actions-panel.tsx'));

/** A list's own bulk change ('Change status…'): its choices, and what it does with one. */
export interface BulkChangeAction<Value extends string = string> {
  /** What the select is called to a screen reader: 'Change the status of 2 selected grants'. */
  label: string;
  placeholder: string;
  choices: readonly { value: Value; label: string }[];
  onChange: (value: Value) => Promise<BulkResult>;
  /** The notice's text once done: '2 grants now Submitted'. */
  changed: (count: number, choice: { value: Value; label: string }) => string;
  /**
   * What to ask before a choice applies to `count` records, when more is to be said than the
   * label and the choice ('Change the status of 2 selected grants to Submitted?').
   */
  ask?: (value: Value, count: number) => string | null;
}

/** What a list offers for its chosen rows. */
export interface BulkBarProps {
  rows: { id: number }[];
  total: number;
  selection: Selection;
  singular: string;
  plural: string;
  onDelete: (ids: number[]) => Promise<BulkResult>;
  /**
   * The list's API path and query: 'Export selected' exports the chosen rows in its order, and
   * 'Select all' chooses every id it shows for its search and filters (all pages).
   */
  exported: { list: string; params: Record<string, string | number | undefined> };
  /** Every id 'Select all' chooses, where the list's rows are all shown already. */
  allIds?: (() => Promise<number[]>) | undefined;
  /** The list's own changes ('Change status…', 'Assign to…'). */
  changes?: readonly BulkChangeAction[] | undefined;
  /** The box that chooses every row shown: 'Select all on this page' unless said. */
  pageLabel?: string | undefined;
}

/**
 * Above a list's rows: a box that chooses every row of the page and, once some are chosen, how
 * many, 'Select all N' when the list has more (up to BULK_MAX), the list's own bulk change and
 * Delete, asked first (bulk-actions-panel.tsx).
 */
export function BulkBar(props: BulkBarProps) {
  const { rows, selection, pageLabel = 'Select all on this page' } = props;
  const onPage = rows.filter((row) => selection.has(row.id)).length;
  return (
    <Group gap="sm" wrap="wrap" mb="sm" mih={30}>
      <Group gap={8} wrap="nowrap" component="label" style={{ cursor: 'pointer' }}>
        <SelectBox
          label={pageLabel}
          checked={onPage > 0 && onPage === rows.length}
          indeterminate={onPage > 0 && onPage < rows.length}
          onChange={(checked) =>
            selection.set(
              rows.map((row) => row.id),
              checked,
            )
          }
        />
        <Text size="sm" aria-hidden="true">
          {pageLabel}
        </Text>
      </Group>
      {selection.ids.size > 0 && (
        <Suspense fallback={null}>
          <BulkActionsPanel {...props} allChosenOnPage={onPage === rows.length} maxAll={BULK_MAX} />
        </Suspense>
      )}
    </Group>
  );
}

/**
 * A list page's panel (`ListPanel`) whose rows can be chosen: the `bulk` actions on them stand
 * over each page shown (`BulkBar`), named with the panel's `noun` ('3 contacts').
 */
export function BulkListPanel<T extends { id: number }>({
  bulk,
  ...panel
}: Omit<ListPanelProps<T>, 'above'> & {
  bulk: Omit<BulkBarProps, 'rows' | 'total' | 'plural'>;
}) {
  return (
    <ListPanel
      {...panel}
      above={(page) => (
        <BulkBar rows={page.items} total={page.total} plural={panel.noun} {...bulk} />
      )}
    />
  );
}
