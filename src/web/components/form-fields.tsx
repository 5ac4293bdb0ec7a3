import {
  NumberInput,
  type NumberInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { FocusEvent } from 'react';

/**
 * A required amount in whole dollars: '$12,345', never negative. A comma is only ever the
 * thousands separator, so '$12,500' pasted is 12500 (not 12.5); cents typed show as typed
 * ('$12,500.75') until the field is left, when they go ('$12,500'): what it shows is what the
 * form sends (`parseAmount`), never the dot dropped and the cents taken for more dollars.
 */
export function AmountInput({ onBlur, ...props }: NumberInputProps) {
  const { value, onChange } = props;
  const wholeDollars = (event: FocusEvent<HTMLInputElement>) => {
    const amount = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
    if (Number.isFinite(amount) && !Number.isInteger(amount)) onChange?.(Math.trunc(amount));
    onBlur?.(event);
  };
  return (
    <NumberInput
      label="Amount"
      withAsterisk
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      allowedDecimalSeparators={['.']}
      allowNegative={false}
      min={0}
      {...props}
      onBlur={wholeDollars}
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
