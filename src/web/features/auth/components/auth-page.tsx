import {
  Anchor,
  Box,
  Container,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Brand } from '../../../components/brand.tsx';
import { MAIN_CONTENT } from '../../../components/skip-link.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

type Tab = 'login' | 'register';

// Few who sign in forgot their password: its form loads when asked for.
const ForgotPasswordForm = lazy(() => import('./forgot-password-form.tsx'));

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  useDocumentTitle(tab === 'login' ? 'Log in' : 'Register');
  const selectTab = (value: string | null) =>
    setSearchParams(value === 'register' ? { tab: 'register' } : {}, { replace: true });
  const [forgotPassword, setForgotPassword] = useState(false);
  // The username typed before 'Forgot password?', shown again on coming back to the form.
  const [typedUsername, setTypedUsername] = useState<string | undefined>(undefined);
  const title =
    tab === 'register'
      ? 'Create your account'
      : forgotPassword
        ? 'Reset your password'
        : 'Welcome back';

  return (
    <Container size="lg" py="xl" component="main" {...MAIN_CONTENT}>
      <Anchor component={Link} to={paths.home} underline="never" c="inherit">
        <Brand />
      </Anchor>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt="xl">
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} size="h2" mb="md">
            {title}
          </Title>
          <Tabs value={tab} onChange={selectTab}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="login">Login</Tabs.Tab>
              <Tabs.Tab value="register">Register</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              {forgotPassword ? (
                <Suspense fallback={<Loader aria-label="Loading" />}>
                  <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
                </Suspense>
              ) : (
                <LoginForm
                  username={typedUsername}
                  onForgotPassword={(username) => {
                    setTypedUsername(username);
                    setForgotPassword(true);
                  }}
                />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterForm />
            </Tabs.Panel>
          </Tabs>
        </Paper>
        <MarketingPanel />
      </SimpleGrid>
    </Container>
  );
}

function MarketingPanel() {
  return (
    <Box
      p="xl"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      bg="var(--mantine-color-cyan-light)"
    >
      <Stack>
        <Title order={2}>Every funder, grant and deadline in one place</Title>
        <Text>
          Grantwell keeps your relationships, applications and team in step, so more of your time
          goes to the mission.
        </Text>
        <List spacing="sm" icon={<IconCheck size={18} aria-hidden="true" />}>
          <List.Item>Contacts and every conversation with them</List.Item>
          <List.Item>A grant pipeline with tasks and calendar deadlines</List.Item>
          <List.Item>Funding opportunities with win probabilities</List.Item>
          <List.Item>Your team, with roles and email invitations</List.Item>
        </List>
      </Stack>
    </Box>
  );
}
