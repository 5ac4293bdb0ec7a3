import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { INVALID_RESET_LINK } from '../../../domain/wording.ts';
import { paths } from '../../app/paths.ts';
import { ConfirmPasswordInput, NewPasswordInput } from '../../components/account-inputs.tsx';
import { PublicCard, PublicNotice } from '../../components/public-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../lib/zod-resolver.ts';
import { useResetPasswordWithLink } from './api/password-reset-api.ts';

const validation = deferredResolver(() =>
  import('../../../domain/auth.ts').then((m) => m.passwordResetFormSchema),
);

/** Where the emailed link leads: a new password, typed twice, then sign in with it. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  useDocumentTitle('Reset Password');
  if (!token) return <PublicNotice title="Invalid Link" text={INVALID_RESET_LINK} />;
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPasswordWithLink(token);
  const form = useForm({ initialValues: { password: '', confirmPassword: '' } });
  const submit = useDeferredSubmit(form, validation, async ({ password }) => {
    try {
      const { message } = await reset.mutateAsync(password);
      notifySuccess('Password reset', message);
      navigate(paths.auth);
    } catch (error) {
      notifyError('Error resetting password', errorMessage(error));
    }
  });

  return (
    <PublicCard>
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack>
          <Title order={1} size="h3">
            Choose a new password
          </Title>
          <Text>Every session of your account ends: sign in again with the new password.</Text>
          <NewPasswordInput
            label="New password"
            data-autofocus
            {...form.getInputProps('password')}
          />
          <ConfirmPasswordInput {...form.getInputProps('confirmPassword')} />
          <Button type="submit" loading={reset.isPending}>
            Set Password
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
