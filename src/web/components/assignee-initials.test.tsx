import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssigneeInitials, initials } from './assignee-initials.tsx';

describe('initials', () => {
  it.each([
    ['Rosa Parks', 'RP'],
    ['ada lovelace', 'AL'],
    ['Cher', 'C'],
    ['Mary Jane Watson', 'MW'],
    ['  Grace   Hopper  ', 'GH'],
    ['Jean-Luc Picard', 'JP'],
    ['Élodie Durand', 'ÉD'],
    ['Ana (Finance) Lima', 'AL'],
    ['李 小龍', '李小'],
    ['R2 D2', 'RD'],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('falls back to ? for a name with no letter or digit', () => {
    expect(initials('')).toBe('?');
    expect(initials(' — ')).toBe('?');
  });
});

describe('AssigneeInitials', () => {
  it('shows the initials, named by the full name for screen readers and as its tooltip', () => {
    render(<AssigneeInitials name="Rosa Parks" />);
    const badge = screen.getByRole('img', { name: 'Assigned to Rosa Parks' });
    expect(badge.textContent).toBe('RP');
    expect(badge.getAttribute('title')).toBe('Assigned to Rosa Parks');
  });
});
