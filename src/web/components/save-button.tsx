import { Button, type ButtonProps } from '@mantine/core';
import { inertWhile } from './inert-button.ts';

/**
 * A form's submit button: inert (`inertWhile`), and saying 'Saving...' (or `pendingLabel`), while
 * the save runs; `disabled` keeps it inert for other reasons too (nothing changed, nothing chosen).
 */
export function SaveButton({
  pending,
  pendingLabel = 'Saving...',
  disabled = false,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel?: string; children: string }) {
  return (
    <Button type="submit" {...inertWhile(pending || disabled)} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
