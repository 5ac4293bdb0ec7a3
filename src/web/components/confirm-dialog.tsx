import { Button, Group, Modal, Text } from '@mantine/core';
import type { Confirmation } from './confirm.tsx';
// In the dialog's chunk: what closeConfirmation loads once a question is answered (confirm.tsx).
import './keep-focus-in-rows.ts';

/**
 * The confirmation dialog: the question, Cancel (which has the focus when it opens: Enter at once
 * does nothing that cannot be undone), and the button that goes ahead, red unless harmless.
 */
export default function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation;
  onClose: () => void;
}) {
  const { title, message, confirmLabel, harmless, onConfirm } = confirmation;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          color={harmless ? undefined : 'red'}
          onClick={() => {
            onClose();
            void onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
