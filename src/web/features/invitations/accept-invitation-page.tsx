import { Button, Card, Center, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Role } from '../../../domain/company.ts';
import { roleWithArticle } from '../../../domain/wording.ts';
import { paths } from '../../app/paths.ts';
import { AccountPasswordInput, UsernameInput } from '../../components/account-inputs.tsx';
import { Brand } from '../../components/brand.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../lib/zod-resolver.ts';
import { useAcceptInvitation, useInvitation } from './api/invitations-api.ts';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size="xs" py="xl">
      <Center mb="xl">
        <Brand />
      </Center>
      <Card withBorder shadow="sm" padding="xl" radius="md">
        {children}
      </Card>
    </Container>
  );
}

/** A state with a title, a line of text and the way back to sign-in. */
function Notice({ title, text }: { title: string; text: string }) {
  const navigate = useNavigate();
  return (
    <Frame>
      <Stack>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{text}</Text>
        <Button onClick={() => navigate(paths.auth)}>Go to Login</Button>
      </Stack>
    </Frame>
  );
}

export default function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invitation = useInvitation(token);

  if (!token) {
    return <Notice title="Invalid Invitation" text="This invitation link is invalid or expired." />;
  }
  if (invitation.isPending) {
    return (
      <Frame>
        <Text role="status">Loading invitation details...</Text>
      </Frame>
    );
  }
  if (invitation.isError) {
    return <Notice title="Error" text={errorMessage(invitation.error)} />;
  }
  const { status, companyName, role } = invitation.data;
  if (status !== 'pending') {
    return (
      <Notice title={`Invitation ${status}`} text={`This invitation has already been ${status}.`} />
    );
  }
  return <AcceptForm token={token} companyName={companyName} role={role} />;
}

const validation = deferredResolver(() =>
  import('../../../domain/company.ts').then((m) => m.acceptInvitationFormSchema),
);

function AcceptForm({
  token,
  companyName,
  role,
}: {
  token: string;
  companyName: string;
  role: Role;
}) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const form = useForm({
    initialValues: { username: '', password: '', confirmPassword: '' },
  });
  const submit = useDeferredSubmit(form, validation, async ({ username, password }) => {
    try {
      await accept.mutateAsync({ username, password });
      notifySuccess('Success', 'You have joined the organization. Please log in.');
      navigate(paths.auth);
    } catch (error) {
      notifyError('Error accepting invitation', errorMessage(error));
    }
  });

  return (
    <Frame>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h3">
            Join {companyName}
          </Title>
          <Text>
            You've been invited to join {companyName} as {roleWithArticle(role)}.
          </Text>
          <UsernameInput data-autofocus {...form.getInputProps('username')} />
          <AccountPasswordInput {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm Password"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={accept.isPending}>
            Accept Invitation
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}
