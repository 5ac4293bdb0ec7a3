import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import type { CurrentUser } from '../../domain/auth.ts';
import Notices from '../app/notices.tsx';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { ConfirmationHost } from '../components/confirm.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** A request the page made, as the stand-in server saw it. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
  /** The version the change was made to (If-Match), if it named one. */
  ifMatch?: string | undefined;
}

/**
 * What the stand-in server answers: a status (200 unless given), a JSON body, a list's total;
 * only once `after` has settled, when given (a slow answer).
 */
interface Answer {
  status?: number;
  body: unknown;
  total?: number;
  after?: Promise<unknown>;
}

/** Decides the stand-in server's answer to a request: undefined is a 404. */
type Answering = (request: SentRequest) => Answer | undefined;

export const signedInUser: CurrentUser = {
  id: 7,
  username: 'rosa',
  name: 'Rosa Parks',
  email: 'rosa@example.org',
  role: 'admin',
  companyId: 3,
  companyName: 'Community Trust',
};

/**
 * A slow answer: `answered`, for an Answer's `after`, settles once the test calls `answer()`
 * (a save under way meanwhile).
 */
export function slowAnswer() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  return { answered, answer };
}

/** Answers a request, whatever its method, by its path (the URL without its query). */
export const byPath =
  (answers: Record<string, Answer>): Answering =>
  ({ url }) =>
    answers[url.split('?')[0] ?? url];

/** A stand-in for the server: GET /api/user answers `user` (401 when null), `answer` the rest. */
function stubServer(user: CurrentUser | null, answer: Answering) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        ifMatch: new Headers(init.headers).get('If-Match') ?? undefined,
      };
      sent.push(request);
      const found =
        request.method === 'GET' && url === '/api/user'
          ? user
            ? { body: user }
            : { status: 401, body: { message: 'Not signed in' } }
          : answer(request);
      const {
        status = 200,
        body,
        total,
        after,
      } = found ?? { status: 404, body: { message: 'Not found' } };
      await after;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (total !== undefined) headers['x-total-count'] = String(total);
      return new Response(JSON.stringify(body), { status, headers });
    }),
  );
  return sent;
}

/** Shows where the app is (path and query), for tests that follow a link or a navigation. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * Renders `ui` as the app would at `url` (matched against `path`, for a page that reads its
 * route's parameters): the theme, the notices, a query client (a fresh one unless given), the
 * signed-in `user` (signed out when null), a router and the confirmation dialog's host. A
 * stand-in server answers the page's requests as `answer` decides; the requests sent are
 * answered, in order.
 */
export function renderPage(
  ui: ReactNode,
  {
    url = '/',
    path = '*',
    queryClient = createQueryClient(),
    user = signedInUser,
    answer = () => undefined,
  }: {
    url?: string;
    path?: string;
    queryClient?: QueryClient;
    user?: CurrentUser | null;
    answer?: Answering;
  } = {},
) {
  const sent = stubServer(user, answer);
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notices />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={ui} />
              {path !== '*' && <Route path="*" element={null} />}
            </Routes>
            <Location />
            <ConfirmationHost />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, sent, queryClient };
}

/** The text an input's aria-describedby points to: what a screen reader reads after its name. */
export function descriptionOf(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .trim();
}

/**
 * Checks that `field` shows the server's refusal as its error: it has the focus, is marked
 * invalid, and is described by `message`.
 */
export async function expectRefusedField(field: HTMLElement, message: string) {
  await waitFor(() => expect(document.activeElement).toBe(field));
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(descriptionOf(field)).toContain(message);
}

/** A refusal body that names its field, as the server's error handler writes it. */
export const refusalOf = (path: string, message: string) => ({
  message,
  issues: [{ path, message }],
});

/** Whether leaving the page now would be asked about (the browser's own question, on reload). */
export function leavingAsked() {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
}

/**
 * Replaces what a field holds with `text` in one go, as pasting it would: typing it key by key
 * re-renders the form at every key, which a busy machine makes slow.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

/** The text in the page's listboxes that is not in one of their options. */
export const textBesideOptions = () =>
  [...document.querySelectorAll('[role="listbox"]')].flatMap((listbox) => {
    const walker = document.createTreeWalker(listbox, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() && !node.parentElement?.closest('[role="option"]')) {
        texts.push(node.textContent);
      }
    }
    return texts;
  });

/**
 * The 'Discard changes?' question, asked: the focus on its Cancel, where it opens, so that a
 * key pressed next cannot discard anything; Escape is its Cancel, and it goes.
 */
export async function expectDiscardAskedThenEscape(user: UserEvent) {
  const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
  await waitFor(() =>
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' })),
  );
  await user.keyboard('{Escape}');
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
  );
}

/**
 * Presses Escape, the close button and any Cancel of `dialog`, which is saving, and checks it
 * stays open: a closed dialog is gone once its closing transition has run (a fifth of a second),
 * so it must still be there well after that.
 */
export async function expectOpenThroughCloses(user: UserEvent, dialog: HTMLElement) {
  await user.keyboard('{Escape}');
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  const cancel = within(dialog).queryByRole('button', { name: 'Cancel' });
  if (cancel) await user.click(cancel);
  await expect(
    waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 600 }),
  ).rejects.toThrow();
  expect(screen.getByRole('dialog')).toBe(dialog);
}

/**
 * A dialog whose save is under way (`Saving...` on its button) stays open through Escape and
 * its close button; once the server answers (`answer()`), it says `notice` and closes.
 */
export async function expectOpenUntilSaved(
  user: UserEvent,
  dialog: HTMLElement,
  answer: () => void,
  notice: string,
) {
  await within(dialog).findByRole('button', { name: /^(Saving|Sending|Merging)\.\.\.$/ });
  await expectOpenThroughCloses(user, dialog);
  answer();
  expect(await screen.findByText(notice)).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}
