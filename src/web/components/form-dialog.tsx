import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { closeUnlessSaving } from './close-unless-saving.ts';
import { FormInDialogContext } from './dialog-form.ts';
import { useDiscardQuestion } from './discard-question.ts';
import { focusMainIfLost } from './skip-link.tsx';

/**
 * A dialog around a form (`children`, shown while it is open): it stays open while the form is
 * `saving`, the form's fields read-only meanwhile (useDialogForm), and asks 'Discard changes?'
 * before it is closed on any change made in the form. `done`, once given, stands in the form's
 * place (what the save made, Invite User's link): nothing typed is left to lose, so the dialog
 * closes without asking.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  saving,
  done,
  above,
  children,
  ...modal
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  saving: boolean;
  done?: ReactNode;
  /** Above the form: what the dialog has to say of it ('Someone else changed this task…'). */
  above?: ReactNode;
  children: ReactNode;
} & Pick<ModalProps, 'size' | 'centered'>) {
  // Once done, nothing typed is left to lose: no question, on closing or on leaving the page.
  const finished = Boolean(done);
  const { closeAsked, touched, closeOnEscape } = useDiscardQuestion(opened && !finished, onClose);
  return (
    <Modal
      opened={opened}
      onClose={closeUnlessSaving(saving, finished ? onClose : closeAsked)}
      closeOnEscape={closeOnEscape}
      // Closed, it gives the focus back to what opened it; gone meanwhile (the record deleted
      // elsewhere, its page now saying so), the focus goes to the page's main content.
      onExitTransitionEnd={focusMainIfLost}
      title={title}
      {...modal}
    >
      {above}
      {finished
        ? done
        : opened && (
            <FormInDialogContext value={{ changed: touched, saving }}>
              {children}
            </FormInDialogContext>
          )}
    </Modal>
  );
}
