import { useCallback, useEffect, useMemo, useState } from 'react';

// Choosing records of a list for a bulk action: the chosen ids and each row's box. Apart from
// the bulk bar, so a page can draw the boxes before the bar's code arrives.

/** The records chosen in a list, by id: kept across its pages, cleared when its filter changes. */
export interface Selection {
  ids: ReadonlySet<number>;
  has: (id: number) => boolean;
  toggle: (id: number) => void;
  set: (ids: number[], chosen: boolean) => void;
  clear: () => void;
  /** Keeps only the chosen ids among `shown` (a board that shows every record it has). */
  keepOnly: (shown: readonly number[]) => void;
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
  const keepOnly = useCallback(
    (shown: readonly number[]) =>
      setIds((current) => {
        const kept = new Set(shown.filter((id) => current.has(id)));
        return kept.size === current.size ? current : kept;
      }),
    [],
  );
  return useMemo(
    () => ({ ids, has: (id) => ids.has(id), toggle, set, clear, keepOnly }),
    [ids, toggle, set, clear, keepOnly],
  );
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
