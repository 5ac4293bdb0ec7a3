import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A dialog's code loads on first opening: on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// What a screen shows after loading something (the signed-in user, a lazily loaded form, a
// form's schema) can take longer than Testing Library's one second on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs that Mantine relies on.
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
