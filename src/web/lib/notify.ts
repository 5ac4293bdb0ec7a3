import { useSyncExternalStore } from 'react';
import { ApiError, errorMessage } from './api-client.ts';

/** A notice: showing, or dismissed and on its way out. */
interface Notice {
  id: number;
  title: string;
  message: string;
  /** A success is said politely; an error interrupts (SPEC §8.2, §8.3). */
  kind: 'success' | 'error';
  open: boolean;
}

/** SPEC §9: one notice visible at a time. */
const VISIBLE_LIMIT = 1;
/**
 * SPEC §9: how long a dismissed notice is kept before it is forgotten. It leaves the screen at
 * once (with its closing animation); keeping it lets that animation finish.
 */
const REMOVE_DELAY_MS = 1_000_000;

let notices: Notice[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: Notice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const current = () => notices;

/** The notices, newest first; the host that shows them reads them here. */
export function useNotices() {
  return useSyncExternalStore(subscribe, current, current);
}

/**
 * Takes a notice off the screen (its close button, a swipe, Escape, or its time running out),
 * and forgets it REMOVE_DELAY_MS later.
 */
export function dismissNotice(id: number) {
  publish(notices.map((notice) => (notice.id === id ? { ...notice, open: false } : notice)));
  setTimeout(() => publish(notices.filter((notice) => notice.id !== id)), REMOVE_DELAY_MS);
}

/**
 * Only one notice is visible at a time (SPEC §9): a new one replaces the one showing rather
 * than waiting behind it, so the notice always speaks of the latest action.
 */
function showOnly(notice: Omit<Notice, 'id' | 'open'>) {
  lastId += 1;
  publish([{ ...notice, id: lastId, open: true }, ...notices].slice(0, VISIBLE_LIMIT));
}

/** A success notice (SPEC §8.3). */
export function notifySuccess(title: string, message?: string) {
  showOnly({ title, message: message ?? '', kind: 'success' });
}

/** A destructive notice (SPEC §8.2). */
export function notifyError(title: string, message: string) {
  showOnly({ title, message, kind: 'error' });
}

/** How `withNotice` reports a failure. */
interface FailureWords {
  /** The failure notice's title: 'Error' unless named ('Failed to update task'). */
  failure?: string | undefined;
  /** What it says when the session has ended (401), instead of the server's message. */
  signedOut?: string | undefined;
  /** Takes a failure that is shown in its own way (it then has no notice). */
  shownElsewhere?: ((error: unknown) => boolean) | undefined;
}

/**
 * Runs a save or delete and reports it: the success notice, or 'Error' (or `failure`) with the
 * failure's message (SPEC §8.2). Resolves to whether it succeeded.
 */
export async function withNotice(
  action: () => Promise<unknown>,
  success: string,
  { failure = 'Error', signedOut, shownElsewhere }: FailureWords = {},
) {
  try {
    await action();
    notifySuccess(success);
    return true;
  } catch (error) {
    if (shownElsewhere?.(error)) return false;
    const sessionEnded = error instanceof ApiError && error.status === 401 && signedOut;
    notifyError(failure, sessionEnded ? signedOut : errorMessage(error));
    return false;
  }
}

/**
 * Runs a change and says how it went: `success` (with the server's `message` when its answer
 * has one), or `failure` with the error's message. Resolves to the failure, if any, which a form
 * may show on the field it names (`showRefusalOnFields`).
 */
export async function changeWithNotice(
  change: () => Promise<unknown>,
  success: string,
  failure: string,
): Promise<unknown> {
  try {
    const answer = await change();
    const message = answer && typeof answer === 'object' && 'message' in answer;
    notifySuccess(success, message ? String(answer.message) : undefined);
    return undefined;
  } catch (error) {
    notifyError(failure, errorMessage(error));
    return error;
  }
}
