import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FunnelStage, StageFunnel } from './stage-funnel.tsx';

const stage = (key: string, label: string, color: string, count: number): FunnelStage => ({
  key,
  label,
  color,
  count,
  total: count * 1000,
});

const stages = [
  stage('prospecting', 'Prospecting', 'gray', 12),
  stage('qualification', 'Qualification', 'blue', 0),
  stage('proposal', 'Proposal', 'violet', 3),
  stage('closed-won', 'Closed Won', 'green', 1),
];

const renderFunnel = (onSelect?: (key: string) => void) =>
  render(
    <MantineProvider>
      <StageFunnel stages={stages} noun={['opportunity', 'opportunities']} onSelect={onSelect} />
    </MantineProvider>,
  );

const funnel = () => screen.getByRole('img', { name: /^Funnel of 4 stages/ });
const band = (key: string) => {
  const group = funnel().querySelector(`[data-funnel-stage="${key}"]`);
  if (!group) throw new Error(`no band for ${key}`);
  return group;
};
const number = (element: Element | null, attribute: string) =>
  Number(element?.getAttribute(attribute));

describe('StageFunnel', () => {
  it('names every stage with its count for screen readers', () => {
    renderFunnel();
    expect(funnel().getAttribute('aria-label')).toBe(
      'Funnel of 4 stages. Prospecting: 12 opportunities, Qualification: 0 opportunities, ' +
        'Proposal: 3 opportunities, Closed Won: 1 opportunity',
    );
  });

  it('draws each stage with its label and its count', () => {
    renderFunnel();
    for (const { key, label, count } of stages) {
      const texts = [...band(key).querySelectorAll('text')].map((text) => text.textContent);
      expect(texts).toEqual([label, String(count)]);
    }
  });

  it('draws bands as wide as their counts, the largest filling the track', () => {
    renderFunnel();
    const track = number(band('prospecting').querySelector('[data-part="track"]'), 'width');
    const width = (key: string) => number(band(key).querySelector('[data-part="bar"]'), 'width');
    expect(width('prospecting')).toBe(track);
    expect(width('proposal')).toBeCloseTo(track / 4);
    expect(width('closed-won')).toBeGreaterThan(0);
  });

  it('shows a stage with no items as an empty band of full height, not a sliver', () => {
    renderFunnel();
    const empty = band('qualification');
    expect(empty.querySelector('[data-part="bar"]')).toBeNull();
    const track = empty.querySelector('[data-part="track"]');
    const full = band('prospecting').querySelector('[data-part="bar"]');
    expect(number(track, 'height')).toBe(number(full, 'height'));
    expect(number(track, 'width')).toBe(number(full, 'width'));
    // Bands are rectangles: nothing in the drawing can narrow to a point.
    expect(funnel().querySelectorAll('polygon, path')).toHaveLength(0);
  });

  it('lists each stage with its count and total, and opens a stage when asked', () => {
    const onSelect = vi.fn();
    renderFunnel(onSelect);
    const proposal = screen.getByRole('button', { name: /^Proposal/ });
    expect(within(proposal).getByText('3 opportunities')).toBeTruthy();
    expect(within(proposal).getByText('$3,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Closed Won/ }).textContent).toContain(
      '1 opportunity',
    );
    fireEvent.click(proposal);
    expect(onSelect).toHaveBeenCalledWith('proposal');
  });
});
