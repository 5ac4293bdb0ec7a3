import { Button, type ButtonProps } from '@mantine/core';

/**
 * A form's submit button: disabled, and saying 'Saving...' (or `pendingLabel`), while the save
 * runs; `disabled` keeps it disabled for other reasons too (nothing changed, nothing chosen).
 */
export function SaveButton({
  pending,
  pendingLabel = 'Saving...',
  disabled = false,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel?: string; children: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
