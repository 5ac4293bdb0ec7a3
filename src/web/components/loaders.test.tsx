import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { PageLoader } from './page-loader.tsx';
import { PipelineCard } from './pipeline-card.tsx';

describe('spinners', () => {
  // A name on a plain span is not allowed (axe: aria-prohibited-attr), and nothing reads it.
  it('are each a status named by what loads', async () => {
    renderPage(
      <>
        <PageLoader />
        <PipelineCard title="Pipeline" pending>
          {null}
        </PipelineCard>
      </>,
    );
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the pipeline' })).toBeTruthy();
  });
});
