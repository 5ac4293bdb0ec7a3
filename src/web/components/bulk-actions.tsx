import { Group, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { BulkResult } from '../../domain/bulk.ts';
import { BULK_MAX } from '../../domain/bulk-constants.ts';

// The actions load when a first row is chosen: most visits to a list choose none.
const BulkActionsPanel = lazy(() => import('./bulk-actions-panel.tsx'));

/** The records chosen in a list, by id: kept across its pages, cleared when its filter changes. */
export interface Selection {
  ids: ReadonlySet<number>;
  has: (id: number) => boolean;
  toggle: (id: number) => void;
  set: (ids: number[], chosen: boolean) => void;
  clear: () => void;
}

/** A list's selection; `scope` (its search and filters) changing empties it. */
export function useSelection(scope: string): Selection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scope is what empties it
  useEffect(() => setIds(new Set()), [scope]);
  const toggle = useCallback(
    (id: number) =>
      setIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const set = useCallback(
    (chosen: number[], on: boolean) =>
      setIds((current) => {
        const next = new Set(current);
        for (const id of chosen) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setIds(new Set()), []);
  return useMemo(
    () => ({ ids, has: (id) => ids.has(id), toggle, set, clear }),
    [ids, toggle, set, clear],
  );
}

/** A list's own bulk change ('Change status…'): its choices, and what it does with one. */
export interface BulkChangeAction<Value extends string = string> {
  /** What the select is called to a screen reader: 'Change the status of 2 selected grants'. */
  label: string;
  placeholder: string;
  choices: readonly { value: Value; label: string }[];
  onChange: (value: Value) => Promise<BulkResult>;
  /** The notice's text once done: '2 grants now Submitted'. */
  changed: (count: number, choice: { value: Value; label: string }) => string;
}

/** What a list offers for its chosen rows. */
export interface BulkBarProps {
  rows: { id: number }[];
  total: number;
  selection: Selection;
  singular: string;
  plural: string;
  /** Every id the list shows for its search and filters (all pages), for 'Select all'. */
  allIds: () => Promise<number[]>;
  onDelete: (ids: number[]) => Promise<BulkResult>;
  change?: BulkChangeAction | undefined;
}

/** A box of a row, or of the page: the browser's own checkbox, in the theme's colour. */
export function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(box) => {
        if (box) box.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onClick={(event) => event.stopPropagation()}
      style={{
        width: 16,
        height: 16,
        margin: 0,
        accentColor: 'var(--mantine-primary-color-filled)',
        cursor: 'pointer',
      }}
    />
  );
}

/**
 * Above a list's rows: a box that chooses every row of the page and, once some are chosen, how
 * many, 'Select all N' when the list has more (up to BULK_MAX), the list's own bulk change and
 * Delete, asked first (bulk-actions-panel.tsx).
 */
export function BulkBar(props: BulkBarProps) {
  const { rows, selection } = props;
  const onPage = rows.filter((row) => selection.has(row.id)).length;
  return (
    <Group gap="sm" wrap="wrap" mb="sm" mih={30}>
      <Group gap={8} wrap="nowrap" component="label" style={{ cursor: 'pointer' }}>
        <SelectBox
          label="Select all on this page"
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
          Select all on this page
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
