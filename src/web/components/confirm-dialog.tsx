import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { Confirmation } from './confirm.tsx';
import { placeKeeper } from './keep-focus-in-rows.ts';

/**
 * The confirmation dialog: the question, Cancel (which has the focus when it opens: Enter at once
 * does nothing that cannot be undone), and the button that goes ahead, red unless harmless.
 * `opener`, what had the focus when it was asked, has its place in its row read on opening, so
 * that the focus stays there when its row is deleted (`onClose` is given what keeps it). The
 * answer's action runs once the focus is back: a dialog it opens (Merge instead) has the opener
 * to give it back to.
 */
export default function ConfirmDialog({
  confirmation,
  opener,
  onClose: closeWith,
}: {
  confirmation: Confirmation;
  opener: HTMLElement | null;
  onClose: (keepFocus: () => void, then?: () => unknown) => void;
}) {
  const { title, message, confirmLabel, harmless, onConfirm } = confirmation;
  const [keepFocus] = useState(() => placeKeeper(opener));
  const onClose = () => closeWith(keepFocus);
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          color={harmless ? undefined : 'red'}
          onClick={() => closeWith(keepFocus, onConfirm)}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
