import { type ComboboxData, NativeSelect } from '@mantine/core';
import { useFocusBack } from '../lib/focus-back.ts';

/**
 * A record's status, changed in place and saved at once (a task's, a requirement's). The
 * browser's own select: no dropdown code, keyboard- and screen-reader-ready. Disabled while its
 * change is saved, it keeps the focus through the save.
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
  return (
    <NativeSelect
      ref={focus.ref}
      aria-label={label}
      size="xs"
      w={width}
      value={value}
      disabled={saving}
      onChange={(event) => {
        focus.changed();
        onChange(event.currentTarget.value as Status);
      }}
      data={data}
    />
  );
}
