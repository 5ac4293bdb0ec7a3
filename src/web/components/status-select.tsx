import { type ComboboxData, NativeSelect } from '@mantine/core';
import { useRef, useState } from 'react';
import { useFocusBack } from '../lib/focus-back.ts';
import { stepsSelect } from './select-steps.ts';

/**
 * A record's status, changed in place (a task's, a requirement's). The browser's own select: no
 * dropdown code, keyboard- and screen-reader-ready. An option picked from its list is saved at
 * once; one reached by stepping through the closed select from the keyboard (the arrows, a
 * letter) is saved when the user is done: Enter, or leaving the select (Escape goes back), so
 * the statuses passed on the way are not each saved, with a notice and a line of history.
 * Disabled while its change is saved, it keeps the focus through the save.
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
  const [stepped, setStepped] = useState<Status | null>(null);
  const stepping = useRef(false);
  const save = (status: Status | null) => {
    setStepped(null);
    if (status === null || status === value) return;
    focus.changed();
    onChange(status);
  };
  return (
    <NativeSelect
      ref={focus.ref}
      aria-label={label}
      size="xs"
      w={width}
      value={stepped ?? value}
      disabled={saving}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && stepped !== null) {
          event.preventDefault();
          save(stepped);
        } else if (event.key === 'Escape' && stepped !== null) {
          event.stopPropagation();
          setStepped(null);
        }
        stepping.current = stepsSelect(event);
      }}
      onKeyUp={() => {
        stepping.current = false;
      }}
      onChange={(event) => {
        const status = event.currentTarget.value as Status;
        if (stepping.current) setStepped(status);
        else save(status);
      }}
      onBlur={() => save(stepped)}
      data={data}
    />
  );
}
