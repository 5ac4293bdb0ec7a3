import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** SPEC §9: one notice visible at a time, each for five seconds. */
const TOAST_DURATION_MS = 5000;

/** Where notices appear. The provider loads it lazily (see there). */
export default function Notices() {
  return <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="bottom-right" />;
}
