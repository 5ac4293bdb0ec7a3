import { useEffect, useRef } from 'react';
import { askConfirmation } from './confirm.tsx';

/**
 * Whether anything was typed (or chosen in a box or a date field) in a dialog since it opened:
 * if so, Escape, a click outside or the close button first ask to discard it, instead of losing
 * it at once. `touched` goes on an element around the dialog's fields (onInput and onChange);
 * `closeAsked` is the dialog's close. A save closes with `close` itself, without asking.
 */
export function useDiscardQuestion(opened: boolean, close: () => void) {
  const typed = useRef(false);
  useEffect(() => {
    if (opened) typed.current = false;
  }, [opened]);
  const closeAsked = () => {
    if (!typed.current) return close();
    askConfirmation({
      title: 'Discard changes?',
      message: 'What you typed in this form has not been saved.',
      confirmLabel: 'Discard',
      onConfirm: close,
    });
  };
  const touched = () => {
    typed.current = true;
  };
  return { closeAsked, touched };
}
