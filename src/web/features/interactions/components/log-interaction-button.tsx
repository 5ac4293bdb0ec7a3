import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import type { ChosenContact } from './interaction-form.tsx';
import { interactionKind } from './interaction-kind.ts';

/** 'Log Interaction' on a contact's page: the interaction dialog with that contact chosen. */
export function LogInteractionButton({ contact }: { contact: ChosenContact }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        Log Interaction
      </Button>
      <LoadWhenOpened opened={opened}>
        <interactionKind.Dialog
          opened={opened}
          onClose={() => setOpened(false)}
          contact={contact}
        />
      </LoadWhenOpened>
    </>
  );
}
