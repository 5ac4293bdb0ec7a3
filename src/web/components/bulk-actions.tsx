import { Group, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { BulkResult } from '../../domain/bulk.ts';
import { focusIsLost } from '../lib/lost-focus.ts';
import type { SortState } from './list-controls.tsx';
import { ListPanel, type ListPanelProps, type ListState } from './list-page.tsx';
import type { RecordKind } from './record-kind.ts';
import { SelectBox, type Selection, useSelection } from './selection.tsx';
import { focusMainIfLost } from './skip-link.tsx';

// The actions are not part of a list's own code (most visits to a list choose no row), but are
// fetched with it, so that they are there when a first row is chosen. Fetched only then, they
// arrived a moment after the choice and, the bar growing a line, moved the rows down under the
// pointer on its way to the next box. Failing here, they fail again where they are shown.
const actions = import('./bulk-actions-panel.tsx');
actions.catch(() => {});
const BulkActionsPanel = lazy(() => actions);

/** A list's own bulk change ('Change status…'): its choices, and what it does with one. */
export interface BulkChangeAction<Value extends string = string> {
  /** What the select is called to a screen reader: 'Change the status of 2 selected grants'. */
  label: string;
  placeholder: string;
  /** The button that confirms a choice: 'Change status', 'Assign'. */
  apply: string;
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
  /** What goes with the records deleted: 'Their interactions will be deleted too.' */
  alsoDeleted?: string | undefined;
}

/**
 * Above a list's rows: a box that chooses every row of the page and, once some are chosen, how
 * many, 'Select all N' when the list has more (up to BULK_MAX), the list's own bulk change and
 * Delete, asked first (bulk-actions-panel.tsx).
 */
export function BulkBar(props: BulkBarProps) {
  const { rows, selection, pageLabel = 'Select all on this page' } = props;
  const onPage = rows.filter((row) => selection.has(row.id)).length;
  // The actions go once nothing is chosen (Clear selection, a bulk delete done): the focus, on
  // one of them, goes to the box that chooses the page rather than to the page's start.
  const bar = useRef<HTMLDivElement>(null);
  const chosen = selection.ids.size > 0;
  const hadActions = useRef(chosen);
  useEffect(() => {
    if (hadActions.current && !chosen && focusIsLost()) {
      bar.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
    }
    hadActions.current = chosen;
  }, [chosen]);
  // Gone with the rows it stood over (a bulk delete that emptied the page), it took the focus
  // with it: the focus goes to the page's main content rather than the page's start.
  useEffect(() => () => void setTimeout(focusMainIfLost), []);
  return (
    <Group ref={bar} gap="sm" wrap="wrap" mb="sm" mih={30}>
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
      {chosen && (
        <Suspense fallback={null}>
          <BulkActionsPanel {...props} allChosenOnPage={onPage === rows.length} />
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

/** A list page's query: its page's parameters, and its filters (the list's own, or a link's). */
type PageQuery = Record<string, string | number | undefined> & {
  sort?: string | undefined;
  limit: number;
  offset: number;
};

/** A page's create/edit dialog: closed, open for a new record, or open to edit `record`. */
interface RecordDialogState<T> {
  opened: boolean;
  /** The record being edited; none for a new one (or when closed). */
  record: T | undefined;
  openNew: () => void;
  openEdit: (record: T) => void;
  close: () => void;
}

function useRecordDialog<T>(): RecordDialogState<T> {
  const [open, setOpen] = useState<{ record?: T } | null>(null);
  return {
    opened: open !== null,
    record: open?.record,
    openNew: () => setOpen({}),
    openEdit: (record: T) => setOpen({ record }),
    close: () => setOpen(null),
  };
}

/**
 * A list page of `kind`'s records, shown by `list` with `params`: the create/edit dialog (the
 * kind's own); what its table's rows do: open a record in that dialog, delete it (asked first),
 * and sort the list; the rows chosen, kept while the search and filters stay (through pages and
 * sorts); and what its panel (`BulkListPanel`) and 'Export CSV' need: the list's API path and
 * parameters, its noun, and deleting the chosen rows.
 */
export function useRecordList<T, Field extends string, Params extends PageQuery>(
  kind: RecordKind<T>,
  list: ListState & SortState<Field>,
  params: Params,
): RecordList<T, Field, Params> {
  const deletion = kind.useDeletion();
  const bulkDelete = kind.useBulkDelete();
  const state = useRecordDialog<T>();
  const { sort, limit, offset, ...scope } = params;
  const selection = useSelection(JSON.stringify(scope));
  const exported = { list: kind.url, params };
  return {
    dialog: { ...state, Component: kind.Dialog },
    exported,
    selection,
    rowActions: { onEdit: state.openEdit, onDelete: deletion.ask, sorting: list, selection },
    panel: {
      list,
      noun: kind.plural,
      bulk: {
        selection,
        exported,
        singular: kind.noun,
        alsoDeleted: kind.alsoDeleted,
        onDelete: bulkDelete.mutateAsync,
      },
    },
  };
}

/** What a list page holds of its records (`useRecordList`). */
export interface RecordList<
  T,
  Field extends string = string,
  Params extends PageQuery = PageQuery,
> {
  dialog: ListDialog<T>;
  exported: { list: string; params: Params };
  selection: Selection;
  rowActions: {
    onEdit: (record: T) => void;
    onDelete: (record: T) => void;
    sorting: SortState<Field>;
    selection: Selection;
  };
  panel: {
    list: ListState;
    noun: string;
    bulk: Pick<BulkBarProps, 'selection' | 'exported' | 'singular' | 'onDelete' | 'alsoDeleted'>;
  };
}

/** A list page's create/edit dialog: its state, and the component it opens. */
export interface ListDialog<T> extends RecordDialogState<T> {
  Component: RecordKind<T>['Dialog'];
}
