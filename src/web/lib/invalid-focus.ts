/**
 * A form refused before it is sent (a field required, a value out of range) gives the focus to
 * its first field said to be wrong, as a browser's own check of a form does: the person on the
 * keyboard, or reading with a screen reader, is taken to what is to be put right, instead of
 * being left on the button with no word of what happened. Called where the form's check has
 * failed (useDialogForm, useDeferredSubmit) with the form submitted, or, with none known, the
 * form that has the focus. The fields are marked wrong (aria-invalid) as the form renders its
 * messages, within a frame or so. A focus the person has already taken elsewhere is left there.
 */
export function focusFirstInvalid(form?: HTMLFormElement | null) {
  const scope = form ?? document.activeElement?.closest('form');
  if (!scope) return;
  const look = (framesLeft: number) =>
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active !== null && active !== document.body && !scope.contains(active)) return;
      const invalid = scope.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid) invalid.focus();
      else if (framesLeft > 0) look(framesLeft - 1);
    });
  look(MARKED_WITHIN_FRAMES);
}

/** How many frames the form may take to render its messages (one, but for a busy page). */
const MARKED_WITHIN_FRAMES = 10;

/** The form a submit event came from, read while the event is being handled. */
export const submittedForm = (event?: { currentTarget: EventTarget | null }) =>
  event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : undefined;
