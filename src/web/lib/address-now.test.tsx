import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressNow } from './address-now.ts';

describe('the address as it is now', () => {
  it("is the tab's own as soon as something navigates, before the page shows it", () => {
    window.history.replaceState(null, '', '/grants?status=draft');
    const { result } = renderHook(() => ({ now: useAddressNow(), navigate: useNavigate() }), {
      wrapper: ({ children }: { children: ReactNode }) => <BrowserRouter>{children}</BrowserRouter>,
    });
    // Read in the same moment as the navigation, from the page as it was last shown: the
    // router's history, not the location that page shows (which would still say draft).
    let read = '';
    act(() => {
      void result.current.navigate('/grants?status=awarded', { replace: true });
      read = `${result.current.now().pathname}${result.current.now().search}`;
    });
    expect(read).toBe('/grants?status=awarded');
    expect(window.location.search).toBe('?status=awarded');
  });
});
