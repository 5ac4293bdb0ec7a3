import { Button, NativeSelect, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { BULK_MAX } from '../../domain/bulk-constants.ts';
import { counted } from '../../domain/wording.ts';
import { errorMessage } from '../lib/api-client.ts';
import { capitalise } from '../lib/format.ts';
import { focusIsLost } from '../lib/lost-focus.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import * as recordApi from '../lib/record-api.ts';
import type { BulkBarProps, BulkChangeAction } from './bulk-actions.tsx';
import { askConfirmation } from './confirm.tsx';
import { exportUrl } from './export-button.tsx';
import { useSteppedChoice } from './select-steps.ts';

/**
 * A bulk change: choosing a value asks first, then sets it on every chosen record and says how
 * many changed. A closed select takes arrow keys as choices: nothing changes until confirmed.
 */
function BulkChange({
  label,
  placeholder,
  apply,
  choices,
  onChange,
  changed,
  ask,
  disabled,
  count,
}: BulkChangeAction & { disabled: boolean; count: number }) {
  const [busy, setBusy] = useState(false);
  const change = async (choice: { value: string; label: string }) => {
    setBusy(true);
    try {
      const { count } = await onChange(choice.value);
      notifySuccess('Changed', changed(count, choice));
    } catch (error) {
      notifyError('Error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const confirm = (value: string) => {
    const choice = choices.find((c) => c.value === value);
    if (!choice) return;
    askConfirmation({
      title: label,
      message: ask?.(choice.value, count) ?? `${label} to ${choice.label}?`,
      confirmLabel: apply,
      harmless: true,
      onConfirm: () => change(choice),
    });
  };
  // An option reached by stepping through the closed select (the arrows, a letter) is asked
  // about on Enter, not at once: each arrow asked about the first option of the list.
  const choice = useSteppedChoice('', confirm, { whenLeft: 'forget' });
  return (
    <NativeSelect
      size="xs"
      aria-label={label}
      value={choice.value}
      disabled={disabled}
      // Not disabled while its change is saved: a disabled select loses the keyboard's focus
      // (to the page's start). It looks disabled, and a choice meanwhile does nothing.
      aria-disabled={busy}
      data-disabled={busy || undefined}
      data={[{ value: '', label: placeholder }, ...choices]}
      onKeyDown={choice.onKeyDown}
      onKeyUp={choice.onKeyUp}
      onChange={(event) => {
        if (!busy) choice.onChange(event);
      }}
      onBlur={choice.onBlur}
    />
  );
}

/** The actions on a list's chosen rows (BulkBar shows them once a row is chosen). */
export default function BulkActionsPanel({
  total,
  selection,
  singular,
  plural,
  allIds,
  onDelete,
  exported,
  changes = [],
  alsoDeleted,
  allChosenOnPage,
}: BulkBarProps & { allChosenOnPage: boolean }) {
  const [selectingAll, setSelectingAll] = useState(false);
  const chosen = selection.ids.size;
  const name = (count: number) => counted(count, singular, plural);
  /** More than one request takes: the actions wait until fewer are chosen. */
  const tooMany = chosen > BULK_MAX;

  // 'Select all N' goes once all are chosen: the focus, on it, goes on to Export selected rather
  // than to the page's start.
  const exportLink = useRef<HTMLAnchorElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the rows chosen alone
  useEffect(() => {
    if (focusIsLost()) exportLink.current?.focus();
  }, [chosen]);

  const selectAll = async () => {
    setSelectingAll(true);
    try {
      selection.set(await (allIds?.() ?? recordApi.allIds(exported.list, exported.params)), true);
    } catch (error) {
      notifyError('Error', errorMessage(error));
    } finally {
      setSelectingAll(false);
    }
  };

  const remove = () => {
    const ids = [...selection.ids];
    askConfirmation({
      title: `Delete ${name(ids.length)}`,
      message: [`Delete ${name(ids.length)}?`, alsoDeleted, 'This cannot be undone.']
        .filter(Boolean)
        .join(' '),
      confirmLabel: 'Delete',
      onConfirm: async () => {
        try {
          const { count } = await onDelete(ids);
          selection.clear();
          notifySuccess('Deleted', `${capitalise(name(count))} deleted`);
        } catch (error) {
          notifyError('Error', errorMessage(error));
        }
      },
    });
  };

  return (
    <>
      <Text size="sm" fw={500} role="status">
        {chosen} selected
      </Text>
      {allChosenOnPage && chosen < total && total <= BULK_MAX && (
        <Button size="xs" variant="subtle" onClick={selectAll} loading={selectingAll}>
          Select all {total} {plural}
        </Button>
      )}
      {tooMany && (
        <Text size="sm" c="red" role="alert">
          Choose at most {BULK_MAX} {plural} at a time
        </Text>
      )}
      {!tooMany && (
        <Button
          size="xs"
          variant="light"
          component="a"
          ref={exportLink}
          href={exportUrl(exported.list, exported.params, selection.ids)}
          download
          leftSection={<IconDownload size={14} aria-hidden="true" />}
        >
          Export selected
        </Button>
      )}
      {changes.map((change) => (
        <BulkChange key={change.placeholder} {...change} disabled={tooMany} count={chosen} />
      ))}
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconTrash size={14} aria-hidden="true" />}
        onClick={remove}
        disabled={tooMany}
      >
        Delete selected
      </Button>
      <Button size="xs" variant="subtle" onClick={selection.clear}>
        Clear selection
      </Button>
    </>
  );
}
