import {
  NumberInput,
  type NumberInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';

/** Dollars as a person writes them: 12500, 12,500, $12,500.75. */
const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** What the field says of a paste that is not an amount of dollars. */
export const NOT_DOLLARS = 'Paste a number of dollars, such as 50000 or $50,000';

/**
 * A required amount in whole dollars: '$12,345', never negative. A comma is only ever the
 * thousands separator, so '$12,500' pasted is 12500 (not 12.5); cents typed show as typed
 * ('$12,500.75') until the field is left or Enter is pressed in it, when they go ('$12,500'):
 * what it shows is what the form sends (`parseAmount`), never the dot dropped and the cents taken
 * for more dollars. A paste that is not dollars (1.234,56, -500, (500), 1e6) is refused, with
 * NOT_DOLLARS under the field, rather than read as some other amount.
 */
export function AmountInput({ onBlur, onKeyDown, onPaste, error, ...props }: NumberInputProps) {
  const { value, onChange } = props;
  const [refusedPaste, setRefusedPaste] = useState(false);
  /** Drops the cents the field shows, if it shows any: true when it did. */
  const wholeDollars = () => {
    const amount = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
    const cents = Number.isFinite(amount) && !Number.isInteger(amount);
    if (cents) onChange?.(Math.trunc(amount));
    return cents;
  };
  // Enter with cents showing drops them and saves nothing yet: the amount saved is never one
  // the field did not show. Enter again saves it.
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && wholeDollars()) event.preventDefault();
    onKeyDown?.(event);
  };
  const dollarsOnly = (event: ClipboardEvent<HTMLInputElement>) => {
    const refused = !DOLLARS.test(event.clipboardData.getData('text').trim());
    if (refused) event.preventDefault();
    setRefusedPaste(refused);
    onPaste?.(event);
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
      onChange={(next) => {
        setRefusedPaste(false);
        onChange?.(next);
      }}
      error={refusedPaste ? NOT_DOLLARS : error}
      onBlur={(event) => {
        wholeDollars();
        onBlur?.(event);
      }}
      onKeyDown={enter}
      onPaste={dollarsOnly}
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
