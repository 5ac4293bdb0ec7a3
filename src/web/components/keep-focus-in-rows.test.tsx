import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { placeKeeper } from './keep-focus-in-rows.ts';
import { MAIN_CONTENT } from './skip-link.tsx';

/**
 * A list whose rows each have a link and an actions button, and a way to remove rows: a table's,
 * or a list's items (as a grant's requirements are).
 */
function List({
  names,
  items = false,
  section = false,
}: {
  names: string[];
  items?: boolean;
  section?: boolean;
}) {
  const [shown, setShown] = useState(names);
  const cells = (name: string) => [
    <a key="link" href={`#${name}`}>
      {name}
    </a>,
    <button key="actions" type="button" aria-label={`Actions for ${name}`}>
      …
    </button>,
  ];
  const list = (
    <ul>
      {shown.map((name) => (
        <li key={name}>{cells(name)}</li>
      ))}
    </ul>
  );
  return (
    <main {...MAIN_CONTENT}>
      {section ? (
        <section aria-label="Requirements">
          <button type="button">New Requirement</button>
          {list}
        </section>
      ) : items ? (
        list
      ) : (
        <table>
          <tbody>
            {shown.map((name) => (
              <tr key={name}>
                {cells(name).map((cell) => (
                  <td key={cell.key}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={() => setShown((rows) => rows.filter((r) => r !== 'Ada'))}>
        Remove Ada
      </button>
      <button type="button" onClick={() => setShown((rows) => rows.slice(0, -1))}>
        Remove the last
      </button>
      <button type="button" onClick={() => setShown([])}>
        Remove all
      </button>
    </main>
  );
}

const focusAndWatch = (name: string) => {
  const control = screen.getByRole('button', { name });
  control.focus();
  placeKeeper(control)();
};
/** Removes rows as a deletion's refresh would, while the focus stays where it was. */
const remove = async (what: string) => {
  const active = document.activeElement;
  screen.getByRole('button', { name: what }).click();
  if (active instanceof HTMLElement && active.isConnected) active.focus();
  await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
};

describe('the focus in a row that is removed', () => {
  it('goes to the same control of the item that takes its place, in a list of items', async () => {
    render(<List names={['Ada', 'Grace', 'Alan']} items />);
    focusAndWatch('Actions for Ada');
    await remove('Remove Ada');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Grace' }));
  });

  it('goes to the same control of the row that takes its place', async () => {
    render(<List names={['Ada', 'Grace', 'Alan']} />);
    focusAndWatch('Actions for Ada');
    await remove('Remove Ada');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Grace' }));
  });

  it('goes to the new last row when the last one is removed, and to the page when none is left', async () => {
    const view = render(<List names={['Ada', 'Grace']} />);
    focusAndWatch('Actions for Grace');
    await remove('Remove the last');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Ada' }));
    focusAndWatch('Actions for Ada');
    await remove('Remove all');
    expect(document.activeElement).toBe(view.container.querySelector('main'));
  });

  it("goes to the first control of the rows' section when none is left: its New button", async () => {
    render(<List names={['Ada']} section />);
    focusAndWatch('Actions for Ada');
    await remove('Remove all');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New Requirement' }));
  });

  it('is left alone once it has moved elsewhere', async () => {
    render(<List names={['Ada', 'Grace']} />);
    focusAndWatch('Actions for Ada');
    screen.getByRole('link', { name: 'Grace' }).focus();
    await remove('Remove Ada');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Grace' }));
  });
});
