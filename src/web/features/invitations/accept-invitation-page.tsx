import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import type { Role } from '../../../domain/company.ts';
import { roleWithArticle } from '../../../domain/wording.ts';
import { paths } from '../../app/paths.ts';
import {
  ConfirmPasswordInput,
  NewPasswordInput,
  UsernameInput,
} from '../../components/account-inputs.tsx';
import { GoToLogin, PublicCard, PublicNotice } from '../../components/public-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { showRefusalOnFields } from '../../lib/field-refusal.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../lib/zod-resolver.ts';
import { useAcceptInvitation, useInvitation } from './api/invitations-api.ts';

export default function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invitation = useInvitation(token);
  useDocumentTitle('Accept Invitation');

  if (!token) {
    return (
      <PublicNotice title="Invalid Invitation" text="This invitation link is invalid or expired." />
    );
  }
  if (invitation.isPending) {
    return (
      <PublicCard>
        <Stack>
          <Text role="status">Loading invitation details...</Text>
          <GoToLogin />
        </Stack>
      </PublicCard>
    );
  }
  if (invitation.isError) {
    return <PublicNotice title="Error" text={errorMessage(invitation.error)} />;
  }
  const { status, companyName, role } = invitation.data;
  if (status !== 'pending') {
    return (
      <PublicNotice
        title={`Invitation ${status}`}
        text={`This invitation has already been ${status}.`}
      />
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
  const submit = useDeferredSubmit(form, validation, async ({ username, password }, sent) => {
    try {
      await accept.mutateAsync({ username, password });
      notifySuccess('Success', 'You have joined the organization. Please log in.');
      navigate(paths.auth);
    } catch (error) {
      notifyError('Error accepting invitation', errorMessage(error));
      // Someone has the username already (409).
      showRefusalOnFields(error, form, { username: 'username' }, sent);
    }
  });

  return (
    <PublicCard>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h3">
            Join {companyName}
          </Title>
          <Text>
            You've been invited to join {companyName} as {roleWithArticle(role)}.
          </Text>
          <UsernameInput data-autofocus {...form.getInputProps('username')} />
          <NewPasswordInput {...form.getInputProps('password')} />
          <ConfirmPasswordInput {...form.getInputProps('confirmPassword')} />
          <Button type="submit" loading={accept.isPending}>
            Accept Invitation
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
