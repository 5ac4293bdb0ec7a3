import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InvitationLinkPanel } from './invitation-link.tsx';

const link = 'http://192.168.1.20:3000/accept-invitation?token=abc';

/** The panel as Invite User shows it, without an email server; answers its link's field. */
function showPanel() {
  render(
    <MantineProvider>
      <InvitationLinkPanel
        title="No email was sent"
        link={link}
        expiresAt="2027-01-08T10:00:00.000Z"
        onDone={() => undefined}
      >
        Send them this link yourself.
      </InvitationLinkPanel>
    </MantineProvider>,
  );
  return screen.getByLabelText<HTMLInputElement>('Invitation link');
}

describe('InvitationLinkPanel', () => {
  it('takes the focus on the link as it appears, in place of the form that had it', () => {
    const input = showPanel();
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(link.length);
  });

  it('selects the link for the keyboard when the browser gives no clipboard (plain http)', async () => {
    // A page served over plain http from another computer has no navigator.clipboard (user-event
    // may have put its own on navigator in an earlier test).
    vi.stubGlobal('navigator', Object.create(navigator, { clipboard: { value: undefined } }));
    expect(navigator.clipboard).toBeUndefined();
    const input = showPanel();
    expect(input.value).toBe(link);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(
      await screen.findByText('The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.'),
    ).toBeTruthy();
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(link.length);
  });
});
