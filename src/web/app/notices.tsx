import { CloseButton } from '@mantine/core';
import * as Toast from '@radix-ui/react-toast';
import { dismissNotice, useNotices } from '../lib/notify.ts';
import classes from './notices.module.css';

/** SPEC §9: each notice shows for five seconds (longer while pointed at or focused). */
const DURATION_MS = 5000;
/** SPEC §9: a notice swiped right by this much is dismissed; a shorter swipe springs back. */
const SWIPE_THRESHOLD_PX = 50;
/** SPEC §9: the key that moves the focus to the notices, and back out with Tab or Escape. */
const HOTKEY = ['F8'];

// Radix repeats each notice's text for a second in a hidden live region of its own, at the end
// of the page. Here the notice itself is the live region, so that copy goes to an element outside
// the page and the text is in the page once.
const offPage = document.createElement('div');

/**
 * Each kind's accent, and how screen readers hear it: an error interrupts (an alert), a success
 * waits until they are done speaking (a status).
 */
const kinds = {
  success: { color: 'teal', role: 'status' },
  error: { color: 'red', role: 'alert' },
} as const;

/**
 * Where notices appear: a stack at the bottom right, labelled 'Notifications (F8)'. The
 * provider loads it lazily, with the first notice (see there).
 */
export default function Notices() {
  const notices = useNotices();
  return (
    <Toast.Provider
      duration={DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      announcerContainer={offPage}
    >
      {notices.map((notice) => (
        <Toast.Root
          key={notice.id}
          open={notice.open}
          onOpenChange={(open) => {
            if (!open) dismissNotice(notice.id);
          }}
          className={classes.notice}
          style={{ '--notice-color': `var(--mantine-color-${kinds[notice.kind].color}-6)` }}
        >
          <div role={kinds[notice.kind].role} className={classes.body}>
            <Toast.Title className={classes.title}>{notice.title}</Toast.Title>
            {notice.message && (
              <Toast.Description className={classes.message}>{notice.message}</Toast.Description>
            )}
          </div>
          <Toast.Close asChild>
            <CloseButton aria-label="Dismiss notification" size="sm" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport hotkey={HOTKEY} className={classes.viewport} />
    </Toast.Provider>
  );
}
