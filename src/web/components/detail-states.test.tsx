import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { RecordStates } from './detail-states.tsx';

interface Contact {
  name: string;
}

/**
 * A contact's page whose loads answer, in turn, each of `answers` (an Error is a failed load).
 * Beside the page, the query's status shows when a refresh has settled.
 */
function renderContactPage(answers: (Contact | Error)[]) {
  const queryClient = createQueryClient();
  function ContactPage() {
    const query = useQuery({
      queryKey: ['/api/contacts/1'],
      queryFn: async () => {
        const answer = answers.shift() ?? new Error('No answer');
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    return (
      <>
        <output aria-label="Query status">{query.status}</output>
        <RecordStates id={1} query={query} noun="contact">
          {(contact) => <h1>{contact.name}</h1>}
        </RecordStates>
      </>
    );
  }
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ContactPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { refresh: () => queryClient.refetchQueries() };
}

const queryStatus = () => screen.getByRole('status', { name: 'Query status' }).textContent;

describe("a detail page's record", () => {
  it('shows the failure, with Try again, when it could not be loaded', async () => {
    renderContactPage([new Error('The server is down')]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This contact could not be loaded',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('stays on screen when a later refresh fails', async () => {
    const { refresh } = renderContactPage([
      { name: 'Hope Trust' },
      new Error('The server is down'),
    ]);
    expect(await screen.findByRole('heading', { name: 'Hope Trust' })).toBeTruthy();

    await refresh();
    await waitFor(() => expect(queryStatus()).toBe('error'));
    expect(screen.getByRole('heading', { name: 'Hope Trust' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
