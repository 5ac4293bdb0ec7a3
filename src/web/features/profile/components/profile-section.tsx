import { Paper, Title } from '@mantine/core';
import type { ComponentProps } from 'react';
import { AccountForm } from '../../../components/account-inputs.tsx';

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
