import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '../../domain/auth.ts';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** A request the page made, as the stand-in server saw it. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** What the stand-in server answers: a status and a JSON body, or undefined for a 404. */
type Answer = { status?: number; body: unknown } | undefined;

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
 * Renders `ui` inside the app's providers at `path`, with a stand-in for the server: `answer`
 * decides each call's answer; GET /api/user answers `user` (401 when null). Answers the requests
 * sent, in order.
 */
export function renderWithApp(
  ui: ReactElement,
  {
    path = '/',
    user = signedInUser,
    answer = () => undefined,
  }: {
    path?: string;
    user?: CurrentUser | null;
    answer?: (request: SentRequest) => Answer;
  } = {},
) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(request);
      const found: Answer =
        request.method === 'GET' && url === '/api/user'
          ? user
            ? { body: user }
            : { status: 401, body: { message: 'Not signed in' } }
          : answer(request);
      const { status = 200, body = { message: 'Not found' } } = found ?? { status: 404 };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const queryClient = createQueryClient();
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
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
 * Replaces what a field holds with `text` in one go, as pasting it would: typing it key by key
 * re-renders the form at every key, which a busy machine makes slow.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}
