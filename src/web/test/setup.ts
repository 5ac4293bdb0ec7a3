import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// What a screen shows after loading something (the signed-in user, a dialog's code on first
// opening, a form's schema) can take longer than Testing Library's one second on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(cleanup);

// Browser APIs Mantine relies on, where the test page lacks them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Mantine's combobox scrolls the chosen option into view.
Element.prototype.scrollIntoView ??= () => {};

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
