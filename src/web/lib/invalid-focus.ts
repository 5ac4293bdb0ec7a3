/**
 * A form refused before it is sent (a field required, a value out of range) gives the focus to
 * its first field said to be wrong, as a browser's own check of a form does: the person on the
 * keyboard, or reading with a screen reader, is taken to what is to be put right, instead of
 * being left on the button with no word of what happened. The fields are marked wrong
 * (aria-invalid) as the form renders its messages, by the next frame. A focus the person has
 * already taken elsewhere is left where it is.
 */
export function focusFirstInvalidOnSubmit(root: Document = document) {
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    requestAnimationFrame(() => {
      const active = root.activeElement;
      if (active !== null && active !== root.body && !form.contains(active)) return;
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };
  root.addEventListener('submit', onSubmit);
  return () => root.removeEventListener('submit', onSubmit);
}
