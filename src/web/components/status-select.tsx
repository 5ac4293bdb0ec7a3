import { type ComboboxData, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useFocusBack } from '../lib/focus-back.ts';
import { useSteppedChoice } from './select-steps.ts';

/**
 * A record's status, changed in place (a task's, a requirement's). The browser's own select: no
 * dropdown code, keyboard- and screen-reader-ready. An option picked from its list is saved at
 * once; one reached by stepping through the closed select from the keyboard (the arrows, a
 * letter) is saved when the user is done: Enter, or leaving the select (Escape goes back), so
 * the statuses passed on the way are not each saved, with a notice and a line of history.
 * Disabled while its change is saved, it shows the status chosen and keeps the focus through the
 * save.
 */
export function StatusSelect<Status extends string>({
  label,
  value,
  data,
  width,
  saving,
  onChange,
}: {
  label: string;
  value: Status;
  data: ComboboxData;
  width: number;
  saving: boolean;
  onChange: (status: Status) => void;
}) {
  const focus = useFocusBack<HTMLSelectElement>(saving);
  // The status last chosen, shown while it is saved rather than the one it replaces (which would
  // look as if the choice had been ignored); the record's own once the save has ended.
  const [chosen, setChosen] = useState<Status | null>(null);
  const choice = useSteppedChoice(value, (status) => {
    focus.changed();
    setChosen(status);
    onChange(status);
  });
  return (
    <NativeSelect
      ref={focus.ref}
      aria-label={label}
      size="xs"
      w={width}
      disabled={saving}
      {...choice}
      value={saving && chosen !== null ? chosen : choice.value}
      data={data}
    />
  );
}
