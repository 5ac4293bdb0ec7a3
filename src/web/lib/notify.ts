import { notifications } from '@mantine/notifications';
import { ApiError, errorMessage } from './api-client.ts';

/**
 * Only one notice is visible at a time (SPEC §9): a new one replaces the one showing rather
 * than waiting behind it, so the notice always speaks of the latest action.
 */
function showOnly(notice: { title: string; message: string; color: string }) {
  notifications.clean();
  notifications.show(notice);
}

/** A success notice (SPEC §8.3). */
export function notifySuccess(title: string, message?: string) {
  showOnly({ title, message: message ?? '', color: 'teal' });
}

/** A destructive notice (SPEC §8.2). */
export function notifyError(title: string, message: string) {
  showOnly({ title, message, color: 'red' });
}

/**
 * Runs a save or delete and reports it: the success notice, or 'Error' with the failure's
 * message (SPEC §8.2). When the session has ended (401), `signedOutMessage` says so instead.
 * Resolves to whether it succeeded.
 */
export async function withNotice(
  action: () => Promise<unknown>,
  success: string,
  signedOutMessage?: string,
) {
  try {
    await action();
    notifySuccess(success);
    return true;
  } catch (error) {
    const signedOut = error instanceof ApiError && error.status === 401 && signedOutMessage;
    notifyError('Error', signedOut ? signedOutMessage : errorMessage(error));
    return false;
  }
}
