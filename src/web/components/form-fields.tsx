import {
  NumberInput,
  type NumberInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** Dollars as a person writes them: 12500, 12,500, $12,500.75. */
const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** What the field says of a paste that is not an amount of dollars. */
export const NOT_DOLLARS = 'Paste a number of dollars, such as 50000 or $50,000';

/**
 * The attribute of a number field that left out a key typed in it (useRefusedKeys): a dialog's
 * form is not sent while one of its fields has it (useDialogForm).
 */
export const REFUSED_KEY = 'data-refused-key';

/** What the amount field says of a key it does not take (a letter, a minus sign, a third decimal). */
export const NOT_DOLLARS_TYPED = 'Type a number of dollars, such as 50000 or $50,000';

/** What the probability field says of a key it does not take (a decimal point, a minus sign). */
export const NOT_PERCENT_TYPED = 'Type a whole number from 0 to 100';

/** What the probability field says of a paste that is not a whole number (2.5, -7, 1e2). */
export const NOT_PERCENT_PASTED = 'Paste a whole number from 0 to 100';

/**
 * A number field leaves out a key it does not take, its text as it was: rather than let that go
 * unseen ('2.5' typed becoming 25, '1e3' becoming 13), the field says `message` until the user
 * mends it: a key that deletes, a key typed over a selection, a paste, the field emptied
 * (`clear`), or its `value` set from outside it (a stage chosen sets the probability). What the
 * field does to its own value as it is left (cents dropped) is said first (`own`). `unwritten`:
 * keys it may rightly leave out (a thousands separator or a prefix it writes itself). The
 * message shows only where the form has none of its own to show; while it is there, the field is
 * marked (REFUSED_KEY) and a dialog's form is not sent.
 */
function useRefusedKeys(message: string, value: unknown, unwritten = '') {
  const [refused, setRefused] = useState(false);
  const field = useRef<HTMLInputElement | null>(null);
  const own = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value alone is looked at
  useEffect(() => {
    if (own.current) own.current = false;
    else if (field.current && document.activeElement !== field.current) setRefused(false);
  }, [value]);
  // The last key typed and the text before it, until it is seen whether the field took it: at
  // the next key (typed before this one is let go, it still comes after its input) or after it.
  const typed = useRef<{ input: HTMLInputElement; before: string } | null>(null);
  const seen = () => {
    const last = typed.current;
    typed.current = null;
    if (last && last.input.value === last.before) setRefused(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    seen();
    const { key, ctrlKey, metaKey, altKey, currentTarget: input } = event;
    field.current = input;
    const overSelection = key.length === 1 && input.selectionStart !== input.selectionEnd;
    if (key === 'Backspace' || key === 'Delete' || overSelection) setRefused(false);
    if (key.length !== 1 || ctrlKey || metaKey || altKey || unwritten.includes(key)) return;
    typed.current = { input, before: input.value };
    setTimeout(seen);
  };
  return {
    error: refused ? message : null,
    /** On the field's input while it says so. */
    marked: refused ? { [REFUSED_KEY]: true } : {},
    onKeyDown,
    clear: () => setRefused(false),
    /** The field changes its own value (not the user, not from outside). */
    ownChange: () => {
      own.current = true;
    },
  };
}

/**
 * A whole percentage, 0 to 100 (an opportunity's probability). Kept as typed: 150 is refused with
 * the rule's message, not cut to 15 unseen; a key it does not take says so (useRefusedKeys).
 */
export function PercentInput({ onKeyDown, onPaste, error, onChange, ...props }: NumberInputProps) {
  const keys = useRefusedKeys(NOT_PERCENT_TYPED, props.value);
  // A paste that is not a whole number is refused, rather than read as another (2.5 as 25).
  const [refusedPaste, setRefusedPaste] = useState(false);
  return (
    <NumberInput
      min={0}
      max={100}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      {...props}
      onChange={(next) => {
        setRefusedPaste(false);
        if (next === '') keys.clear();
        onChange?.(next);
      }}
      onKeyDown={(event) => {
        keys.onKeyDown(event);
        onKeyDown?.(event);
      }}
      onPaste={(event) => {
        const refused = !/^\d+$/.test(event.clipboardData.getData('text').trim());
        if (refused) event.preventDefault();
        setRefusedPaste(refused);
        keys.clear();
        onPaste?.(event);
      }}
      error={refusedPaste ? NOT_PERCENT_PASTED : error || keys.error}
      {...keys.marked}
    />
  );
}

/**
 * A required amount in whole dollars: '$12,345', never negative. A comma is only ever the
 * thousands separator, so '$12,500' pasted is 12500 (not 12.5); cents typed show as typed
 * ('$12,500.75') until the field is left or Enter is pressed in it, when they go ('$12,500'):
 * what it shows is what the form sends (`parseAmount`), never the dot dropped and the cents taken
 * for more dollars. A paste that is not dollars (1.234,56, -500, (500), 1e6) is refused, with
 * NOT_DOLLARS under the field, rather than read as some other amount; a key the field does not
 * take (-, e, a third decimal) says NOT_DOLLARS_TYPED (useRefusedKeys).
 */
export function AmountInput({ onBlur, onKeyDown, onPaste, error, ...props }: NumberInputProps) {
  const { value, onChange } = props;
  const [refusedPaste, setRefusedPaste] = useState(false);
  // The thousands separator and the $ are the field's to write.
  const keys = useRefusedKeys(NOT_DOLLARS_TYPED, value, ',$ ');
  /** Drops the cents the field shows, if it shows any: true when it did. */
  const wholeDollars = () => {
    const amount = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
    const cents = Number.isFinite(amount) && !Number.isInteger(amount);
    if (cents) {
      keys.ownChange();
      onChange?.(Math.trunc(amount));
    }
    return cents;
  };
  // Enter with cents showing drops them and saves nothing yet: the amount saved is never one
  // the field did not show. Enter again saves it.
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && wholeDollars()) event.preventDefault();
    keys.onKeyDown(event);
    onKeyDown?.(event);
  };
  const dollarsOnly = (event: ClipboardEvent<HTMLInputElement>) => {
    const refused = !DOLLARS.test(event.clipboardData.getData('text').trim());
    if (refused) event.preventDefault();
    setRefusedPaste(refused);
    keys.clear();
    onPaste?.(event);
  };
  return (
    <NumberInput
      label="Amount"
      withAsterisk
      prefix="$"
      thousandSeparator=","
      // A dollar up or down is no use to an amount, and the arrows were too small to tap.
      hideControls
      decimalScale={2}
      allowedDecimalSeparators={['.']}
      allowNegative={false}
      min={0}
      {...props}
      onChange={(next) => {
        setRefusedPaste(false);
        if (next === '') keys.clear();
        onChange?.(next);
      }}
      error={refusedPaste ? NOT_DOLLARS : error || keys.error}
      onBlur={(event) => {
        wholeDollars();
        onBlur?.(event);
      }}
      onKeyDown={enter}
      onPaste={dollarsOnly}
      {...keys.marked}
    />
  );
}

/**
 * A date field's value while it shows a date that is not whole or does not exist (a year left
 * out, 02/29/2027): the browser gives such a field no value, which the form would take for no
 * date ('Due date is required', or an optional day cleared unseen). This text is no date, so the
 * form's schema refuses it with the field's own message ('Invalid date format').
 */
export const UNFINISHED_DATE = 'unfinished date';

type DateFieldProps = Omit<TextInputProps, 'onChange'> & {
  /** The field's value as the form keeps it: a date, '' for none, or UNFINISHED_DATE. */
  onChange?: (value: string) => void;
};

/** A date field of `type`, its value UNFINISHED_DATE while what it shows is not a date. */
function DateField({ type, value, onChange, onBlur, onKeyDown, ...props }: DateFieldProps) {
  const dateIn = (input: HTMLInputElement) =>
    input.validity.badInput ? UNFINISHED_DATE : input.value;
  /** What the field shows, told to the form if it has not been yet. */
  const tell = (input: HTMLInputElement) => {
    const shown = dateIn(input);
    if (shown !== (value ?? '')) onChange?.(shown);
  };
  // Set to none from outside (a form reset) while it showed a part of a date: that goes too,
  // which the browser does not do for a value that was none to it already.
  const field = useRef<HTMLInputElement>(null);
  const was = useRef(value);
  useEffect(() => {
    if (was.current === UNFINISHED_DATE && value === '' && field.current) field.current.value = '';
    was.current = value;
  }, [value]);
  return (
    <TextInput
      ref={field}
      type={type}
      {...props}
      // Left as it is while unfinished: the browser keeps what was typed of it.
      value={value === UNFINISHED_DATE ? '' : value}
      onChange={(event) => onChange?.(dateIn(event.currentTarget))}
      // A part typed into an empty field changes no value: it is seen as the field is left, or
      // as Enter in it sends the form.
      onBlur={(event) => {
        tell(event.currentTarget);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') tell(event.currentTarget);
        onKeyDown?.(event);
      }}
    />
  );
}

/** A required date and time in the browser's time zone (form value: `toLocalInput`). */
export function DateTimeInput(props: DateFieldProps) {
  return <DateField type="datetime-local" withAsterisk {...props} />;
}

/** An optional day (form value: `toDayInput`; '' for none). */
export function DayInput(props: DateFieldProps) {
  return <DateField type="date" {...props} />;
}

/** A text area (notes, a description) that grows with its text, then scrolls past `maxRows`. */
export function GrowingTextarea(props: TextareaProps) {
  return <Textarea autosize minRows={3} maxRows={8} {...props} />;
}
