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

/**
 * A dialog's Cancel: inert while its save runs (`saving`), as the dialog's other ways to close
 * are. The save closes the dialog once done; closed before, the save would still land, its notice
 * and its page change arriving after the user had cancelled.
 */
export function CancelButton({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Button
      variant="default"
      {...inertWhile(saving)}
      onClick={() => {
        if (!saving) onCancel();
      }}
    >
      Cancel
    </Button>
  );
}
