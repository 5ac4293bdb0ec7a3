import { Stack, Title } from '@mantine/core';
import type { Grant } from '../../../../domain/grants.ts';
import { DetailsDialog, type RecordDetailsProps } from '../../../components/details-dialog.tsx';
import { GrantSummary } from './grant-summary.tsx';

/** 'Grant Details': the grant's name and facts (SPEC §2.8). */
export function GrantDetailsDialog(props: RecordDetailsProps<Grant>) {
  return (
    <DetailsDialog {...props} title="Grant Details" size="lg">
      {(grant) => (
        <Stack>
          <Title order={3} size="h4">
            {grant.name}
          </Title>
          <GrantSummary grant={grant} />
        </Stack>
      )}
    </DetailsDialog>
  );
}
