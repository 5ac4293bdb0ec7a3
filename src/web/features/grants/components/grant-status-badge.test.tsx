import { DEFAULT_THEME, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { grantStatuses, grantStatusLabels } from '../../../../domain/grant-constants.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { grantKeys } from '../api/grants-api.ts';
import { GrantPipeline } from './grant-pipeline.tsx';
import { GrantStatusBadge } from './grant-status-badge.tsx';

/** The palette entry a funnel band is filled with (`var(--mantine-color-yellow-6)`). */
function bandColour(status: string) {
  const fill = document
    .querySelector(`[data-funnel-stage="${status}"] [data-part="bar"]`)
    ?.getAttribute('fill');
  const [, name, shade] = fill?.match(/^var\(--mantine-color-(\w+)-(\d)\)$/) ?? [];
  const hex = name && shade ? DEFAULT_THEME.colors[name]?.[Number(shade)] : undefined;
  if (!hex) throw new Error(`no colour for the ${status} band: ${fill}`);
  const rgb = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ');
  return { variable: `--mantine-color-${name}-${shade}`, rgb };
}

describe('GrantStatusBadge', () => {
  it('wears the colour its status has in the grant pipeline', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(
      grantKeys.pipeline(),
      grantStatuses.map((status) => ({ status, count: 1, total: 100 })),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <GrantPipeline />
            {grantStatuses.map((status) => (
              <GrantStatusBadge key={status} status={status} />
            ))}
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    // The funnel's code loads after the page's.
    await waitFor(() => expect(document.querySelector('[data-funnel-stage]')).not.toBeNull());

    for (const status of grantStatuses) {
      const { variable, rgb } = bandColour(status);
      const badge = screen.getByText(grantStatusLabels[status], {
        selector: `[data-variant-name="${status}"] *`,
      });
      const style = badge.closest('[data-variant-name]')?.getAttribute('style') ?? '';
      // Filled and outlined badges name the palette entry; a soft one is a tint of its value.
      const bg = style.match(/--badge-bg:\s*([^;]+)/)?.[1] ?? '';
      const border = style.match(/--badge-bd:\s*([^;]+)/)?.[1] ?? '';
      expect(`${bg} | ${border}`, status).toMatch(
        new RegExp(`var\\(${variable}\\)|rgba\\(${rgb}, `),
      );
    }
  });
});
