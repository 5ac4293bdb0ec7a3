import { Paper, Title } from '@mantine/core';
import type { ComponentProps } from 'react';
import { AccountForm } from '../../../components/account-inputs.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

/** One form of the profile page: a card with its title, the form named after it. */
export function ProfileSection(props: ComponentProps<typeof AccountForm>) {
  return (
    <Paper withBorder p="lg" component="section">
      <Title order={2} size="h4" mb="md">
        {props.label}
      </Title>
      <AccountForm {...props} />
    </Paper>
  );
}

/**
 * Runs a change of one's own account and says how it went: `success` (with the server's
 * `message` when its answer has one), or `failure` with the error's message.
 */
export async function changeWithNotice(
  change: () => Promise<unknown>,
  success: string,
  failure: string,
) {
  try {
    const answer = await change();
    const message = answer && typeof answer === 'object' && 'message' in answer;
    notifySuccess(success, message ? String(answer.message) : undefined);
  } catch (error) {
    notifyError(failure, errorMessage(error));
  }
}
