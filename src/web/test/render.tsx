import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import Notices from '../app/notices.tsx';
import { ConfirmationHost } from '../components/confirm.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** What the stand-in server answers a GET with: a body, and for a list the total it counted. */
interface Answer {
  body: unknown;
  total?: number;
}

/** The signed-in user the stand-in server answers /api/user with. */
const signedInUser: Answer = {
  body: {
    id: 1,
    username: 'ada',
    name: 'Ada Byron',
    email: 'ada@example.org',
    role: 'user',
    companyId: 1,
    companyName: 'Helping Hands',
  },
};

/**
 * A stand-in for the API: a request is answered by the entry whose key is its path (the URL
 * without its query), with a signed-in user at /api/user; anything else is a 404. Answers the
 * method, URL and body of every request, in order ('POST /api/interactions {"notes":…}').
 */
export function stubApi(answers: Record<string, Answer>) {
  const known: Record<string, Answer> = { '/api/user': signedInUser, ...answers };
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const body = typeof init?.body === 'string' ? ` ${init.body}` : '';
      requests.push(`${init?.method ?? 'GET'} ${url}${body}`);
      const answer = known[url.split('?')[0] ?? url];
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (answer?.total !== undefined) headers['x-total-count'] = String(answer.total);
      return answer
        ? new Response(JSON.stringify(answer.body), { status: 200, headers })
        : new Response('{"message":"Not found"}', { status: 404, headers });
    }),
  );
  return requests;
}

/** Shows where the app is (path and query), for tests that follow a link or a navigation. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * Renders `ui` as the app would at `url` (matched against `path`, for a page that reads its
 * route's parameters): the theme, the notices, a query client (a fresh one unless given), the
 * signed-in user, a router and the confirmation dialog's host.
 */
export function renderPage(
  ui: ReactNode,
  {
    url = '/',
    path = '*',
    queryClient = createQueryClient(),
  }: { url?: string; path?: string; queryClient?: QueryClient } = {},
) {
  return render(
    <MantineProvider>
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
}
