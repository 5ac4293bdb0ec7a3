import { Modal, Stack, Title } from '@mantine/core';
import type { Grant } from '../../../../domain/grants.ts';
import { GrantSummary } from './grant-summary.tsx';

/** 'Grant Details': the grant's name and facts (SPEC §2.8). */
export function GrantDetailsDialog({
  grant,
  onClose,
}: {
  grant: Grant | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={grant !== null} onClose={onClose} title="Grant Details" size="lg">
      {grant && (
        <Stack>
          <Title order={3} size="h4">
            {grant.name}
          </Title>
          <GrantSummary grant={grant} />
        </Stack>
      )}
    </Modal>
  );
}
