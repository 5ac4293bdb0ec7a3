import { ActionIcon } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { focusMainIfLost } from '../../../components/skip-link.tsx';
import { focusIsLost } from '../../../lib/lost-focus.ts';
import { useOnPageChange } from '../../../lib/page-change.ts';

// The dialog's code (and Spotlight's) is not part of the page's: it is fetched once the page is
// up, and shown as soon as the search is opened, not through a lazy component, which even loaded
// waits for React's next reveal (up to 300 ms). Fetched only when the search was opened, it came
// late: what was typed at once after Ctrl+K was lost, or went into the field that had the focus.
type Dialog = typeof import('./search-dialog.tsx').default;

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The header's search button, and Ctrl+K (⌘K on a Mac) anywhere in the signed-in app, even in
 * a text field: both open the search over everything.
 */
export function SearchLauncher() {
  const [opened, setOpened] = useState(false);
  const [Dialog, setDialog] = useState<Dialog>();
  // Asked for again on opening (at once when it is there), so that a fetch that failed (the
  // network was down) does not leave the search never opening.
  const load = () =>
    import('./search-dialog.tsx').then(
      (module) => setDialog(() => module.default),
      () => {},
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once, when the page is up
  useEffect(() => {
    load();
  }, []);
  // What had the focus when the search opened (a field of a form being edited, the search
  // button) has it again once the search closes: the dialog goes with its closing, before it
  // could give the focus back itself, which was left on the page's body (Tab then went to the
  // page behind a form's dialog).
  const focusedBefore = useRef<Element | null>(null);
  const isOpen = useRef(false);
  const open = () => {
    if (!isOpen.current) focusedBefore.current = document.activeElement;
    isOpen.current = true;
    load();
    setOpened(true);
  };
  // `then` (a result's opening) follows once the focus is back.
  const close = (then?: () => void) => {
    isOpen.current = false;
    setOpened(false);
    const before = focusedBefore.current;
    // (An element gone meanwhile takes no focus.)
    requestAnimationFrame(() => {
      if (focusIsLost() && before instanceof HTMLElement) before.focus();
      // Closed by Back or Forward, what had the focus may have gone with the page left.
      focusMainIfLost();
      then?.();
    });
  };
  // Opened over a page the browser's Back or Forward has left, it goes with it.
  useOnPageChange(() => {
    if (isOpen.current) close();
  });
  useHotkeys([['mod+K', open]], []);
  const label = `Search (${onMac() ? '⌘K' : 'Ctrl+K'})`;
  return (
    <>
      {/* The browser's own tooltip: Mantine's would bring a positioning library into every
          page's first download. */}
      <ActionIcon variant="default" size="lg" aria-label={label} title={label} onClick={open}>
        <IconSearch size={18} aria-hidden="true" />
      </ActionIcon>
      {opened && Dialog && <Dialog onClose={close} />}
    </>
  );
}
