import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConsoleErrors } from '../../../test/helpers/fail-on-console-error.ts';
import { ErrorBoundary } from './error-fallback.tsx';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  it('shows the fallback page with the spec texts when a page fails to render', () => {
    expectConsoleErrors();
    render(
      <MantineProvider>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText(
        'An error occurred while rendering this page. Try refreshing or contact support if the problem persists.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('renders its children when nothing fails', () => {
    render(
      <MantineProvider>
        <ErrorBoundary>
          <p>All good</p>
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('All good')).toBeTruthy();
  });
});
