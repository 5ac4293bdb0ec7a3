import { useEffect, useRef } from 'react';
import {
  askConfirmation,
  type Confirmation,
  useQuestionOpen,
  withdrawConfirmation,
} from './confirm.tsx';
import { askBeforeMovesWith, indexOf, type OpenDialog, openDialogs } from './open-dialogs.ts';

/** The question last asked, taken back if its dialogs close without it (saved meanwhile). */
let asked: Confirmation | null = null;

/** Asks whether to lose what was typed in a form; `discard` runs on Discard. */
const askToDiscard = (discard: () => void) => {
  asked = {
    title: 'Discard changes?',
    message: 'What you typed in this form has not been saved.',
    confirmLabel: 'Discard',
    onConfirm: discard,
  };
  askConfirmation(asked);
};
askBeforeMovesWith(askToDiscard);

/**
 * Whether anything was typed (or chosen in a box or a date field) in a dialog since it opened:
 * if so, Escape, a click outside or the close button first ask to discard it, instead of losing
 * it at once. `touched` runs on each change of the dialog's values (its form's `changed`, see
 * useDialogForm); `closeAsked` is the dialog's close. A save closes with `close` itself, without
 * asking. `closeOnEscape` goes to the dialog: while the question is open, Escape is its Cancel
 * only, and does not reach the dialog under it (which would ask again).
 */
export function useDiscardQuestion(opened: boolean, close: () => void) {
  const typed = useRef(false);
  const closeNow = useRef(close);
  const questionOpen = useQuestionOpen();
  useEffect(() => {
    closeNow.current = close;
  });
  useEffect(() => {
    if (!opened) return;
    typed.current = false;
    const letGoOf = watch({ typed, close: closeNow, at: indexOf(window.history.state) });
    return () => {
      letGoOf();
      // Closed by its save while the question was open (Back pressed as it saved, a search
      // result opened): what was typed has been saved, so the question, which says it has not,
      // goes, and the move the user asked for is made, nothing being lost by it now.
      const question = asked;
      const dialogsLeft = [...openDialogs].some((open) => !open.page);
      if (!dialogsLeft && question !== null && withdrawConfirmation(question)) {
        asked = null;
        question.onConfirm();
      }
    };
  }, [opened]);
  const closeAsked = () => {
    if (!typed.current) return close();
    askToDiscard(close);
  };
  const touched = () => {
    typed.current = true;
  };
  return { closeAsked, touched, closeOnEscape: !questionOpen };
}

/**
 * A form on a page, not in a dialog (the organization's profile, one's own details), holding
 * changes not saved (`dirty`): the browser's Back and Forward, a link followed, a tab of the
 * page switched (leaveAsked), signing out and leaving the app ask before losing them, as over a dialog;
 * Discard puts back what is saved (`discard`).
 */
export function useUnsavedChanges(dirty: boolean, discard: () => void) {
  const typed = useRef(dirty);
  const close = useRef(discard);
  useEffect(() => {
    typed.current = dirty;
    close.current = discard;
  });
  useEffect(() => watch({ typed, close, at: indexOf(window.history.state), page: true }), []);
}

/**
 * Counts `form` among the forms open (whose Back, links and search results ask first), until
 * the answer is called. Leaving the app itself (reload, closing the tab, another address typed)
 * cannot show the question: the browser asks its own, whether to leave the page.
 */
function watch(form: OpenDialog) {
  openDialogs.add(form);
  const stay = (event: BeforeUnloadEvent) => {
    if (form.typed.current) event.preventDefault();
  };
  window.addEventListener('beforeunload', stay);
  return () => {
    openDialogs.delete(form);
    window.removeEventListener('beforeunload', stay);
  };
}

/**
 * A link of the app followed (a click that the router would take: no other tab, no download)
 * while a form holds what has not been saved: asked first, as Back is. On Discard, the forms let
 * go of what they held and the link is followed.
 */
function onLinkClick(event: MouseEvent) {
  const unsaved = [...openDialogs].filter((form) => form.typed.current);
  if (unsaved.length === 0 || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
  if (link.target && link.target !== '_self') return;
  if (link.origin !== window.location.origin) return;
  // A link within the page (the skip link to its content) leaves nothing.
  const { pathname, search } = window.location;
  if (link.pathname === pathname && link.search === search && link.hash) return;
  event.preventDefault();
  event.stopPropagation();
  askToDiscard(() => {
    for (const form of [...openDialogs]) letGo(form);
    link.click();
  });
}

/** Closes a dialog or discards a page form's changes, at once taken as holding nothing. */
function letGo(form: OpenDialog) {
  form.typed.current = false;
  form.close.current();
}

// Heard before the router's own listener on the app's root, which it then never reaches.
document.addEventListener('click', onLinkClick, true);
