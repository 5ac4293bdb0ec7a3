import {
  NumberInput,
  type NumberInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';

/** A required amount in whole dollars: '$12,345', never negative. */
export function AmountInput(props: NumberInputProps) {
  return (
    <NumberInput
      label="Amount"
      withAsterisk
      prefix="$"
      thousandSeparator=","
      allowDecimal={false}
      allowNegative={false}
      min={0}
      {...props}
    />
  );
}

/** A required date and time in the browser's time zone (form value: `toLocalInput`). */
export function DateTimeInput(props: TextInputProps) {
  return <TextInput type="datetime-local" withAsterisk {...props} />;
}

/** A text area (notes, a description) that grows with its text, then scrolls past `maxRows`. */
export function GrowingTextarea(props: TextareaProps) {
  return <Textarea autosize minRows={3} maxRows={8} {...props} />;
}
