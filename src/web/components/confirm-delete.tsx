import { askConfirmation } from './confirm.tsx';

/** Asks before deleting; `onConfirm` runs only on the red button. */
export function confirmDelete({
  title,
  message,
  onConfirm,
}: {
  title: string;
  message: string;
  onConfirm: () => unknown;
}) {
  askConfirmation({ title, message, confirmLabel: 'Delete', onConfirm });
}
