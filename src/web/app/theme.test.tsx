import { Autocomplete, Select } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';

describe("the app's choice fields", () => {
  it.each([
    ['a select', <Select key="s" label="Stage" data={['Prospecting', 'Submitted']} />],
    ['an autocomplete', <Autocomplete key="a" label="Stage" data={['Prospecting', 'Submitted']} />],
  ])('say %s is a combo box, and whether its list is open', async (_, field) => {
    const user = userEvent.setup();
    renderPage(field);
    const box = screen.getByRole('combobox', { name: 'Stage' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.click(box);
    if (box.getAttribute('aria-expanded') !== 'true') await user.type(box, 'P');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('listbox', { hidden: true });
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
