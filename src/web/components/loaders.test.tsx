import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GrantPipeline } from '../features/grants/components/grant-pipeline.tsx';
import { OpportunityPipeline } from '../features/opportunities/components/opportunity-pipeline.tsx';
import { byPath, renderPage } from '../test/render.tsx';
import { PageLoader } from './page-loader.tsx';

describe('spinners', () => {
  // A name on a plain span is not allowed (axe: aria-prohibited-attr), and nothing reads it.
  it('are each a status named by what loads', async () => {
    renderPage(
      <>
        <PageLoader />
        <GrantPipeline />
      </>,
      { answer: byPath({ '/api/grants/pipeline': { body: [], after: new Promise(() => {}) } }) },
    );
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the pipeline' })).toBeTruthy();
  });
});

describe('a pipeline that could not be read', () => {
  it.each([
    [
      'Grant Pipeline',
      '/api/grants/pipeline',
      <GrantPipeline key="grants" />,
      { status: 'submitted', count: 2, total: 5000 },
      'Submitted',
    ],
    [
      'Opportunity Pipeline',
      '/api/opportunities/pipeline',
      <OpportunityPipeline key="opportunities" />,
      { stage: 'negotiation', count: 2, total: 5000 },
      'Negotiation',
    ],
  ])(
    '%s says so with Try again, never an empty funnel, and shows the stages once read',
    async (title, path, pipeline, row, stage) => {
      const user = userEvent.setup({ delay: null });
      const answers: Record<string, { status: number; body: unknown }> = {
        [path]: { status: 500, body: { message: 'Database unavailable' } },
      };
      renderPage(pipeline, { answer: byPath(answers) });
      // Found by its words: a notice of another test may still be on the shared page.
      const failed = await screen.findByText(`The ${title.toLowerCase()} could not be loaded`);
      const alert = failed.closest<HTMLElement>('[role="alert"]');
      if (!alert) throw new Error('the failure is not an alert');
      expect(alert.textContent).toContain('Database unavailable');
      expect(screen.queryByText(stage)).toBeNull();

      answers[path] = { status: 200, body: [row] };
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect((await screen.findAllByText(stage)).length).toBeGreaterThan(0);
      expect(alert.isConnected).toBe(false);
    },
  );
});
