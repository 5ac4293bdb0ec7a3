import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { InvitationLink } from '../../../../domain/company.ts';
import { formatDate } from '../../../lib/format.ts';

/**
 * An invitation link for the admin to send themselves, with a Copy button. Where the browser
 * gives no clipboard (a page served over plain http to another computer), the link is selected
 * for the admin to copy with the keyboard.
 */
export function InvitationLinkPanel({
  title,
  children,
  link,
  expiresAt,
  onDone,
}: InvitationLink & { title: string; children: ReactNode; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);
  // The panel takes the focus as it appears, on the link: in Invite User it replaces the form
  // whose button had the focus, which would otherwise fall to the page behind the dialog. The
  // link rather than the Copy button: a screen reader reads its label, the link and until when
  // it works (the alert above is announced as it appears), and, selected on focus, the link is
  // copied with Ctrl+C at once. Opened in a dialog of its own, the dialog's first focus goes
  // there too (data-autofocus).
  useEffect(() => input.current?.focus(), []);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('select');
    }
  };

  return (
    <Stack>
      <Alert color="blue" title={title}>
        {children}
      </Alert>
      <TextInput
        ref={input}
        data-autofocus
        label="Invitation link"
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        description={`The link works until ${formatDate(expiresAt)}.`}
      />
      {copied === 'select' && (
        <Text size="sm" role="status">
          The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={copied === 'yes' ? <IconCheck size={16} /> : <IconCopy size={16} />}
          onClick={copy}
        >
          {copied === 'yes' ? 'Copied' : 'Copy link'}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/** A pending invitation's new link, shown once after it was made. */
export function NewInvitationLinkDialog({
  shown,
  onClose,
}: {
  shown: (InvitationLink & { name: string }) | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title="New Invitation Link">
      {shown && (
        <InvitationLinkPanel
          title="The link sent before no longer works"
          link={shown.link}
          expiresAt={shown.expiresAt}
          onDone={onClose}
        >
          Send {shown.name} this new link.
        </InvitationLinkPanel>
      )}
    </Modal>
  );
}
