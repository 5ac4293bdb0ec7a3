import { Button, Card, Center, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { Brand } from './brand.tsx';
import { MAIN_CONTENT } from './skip-link.tsx';

/** A page reached from an emailed link, signed in or not: the logo over one card. */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <Container size="xs" py="xl" component="main" {...MAIN_CONTENT}>
      <Center mb="xl">
        <Brand />
      </Center>
      <Card withBorder shadow="sm" padding="xl" radius="md">
        {children}
      </Card>
    </Container>
  );
}

/** The way back to sign-in, which every state of such a page but its form has. */
export function GoToLogin() {
  const navigate = useNavigate();
  return <Button onClick={() => navigate(paths.auth)}>Go to Login</Button>;
}

/** Such a page's state with a title, a line of text and the way back to sign-in. */
export function PublicNotice({ title, text }: { title: string; text: string }) {
  return (
    <PublicCard>
      <Stack>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{text}</Text>
        <GoToLogin />
      </Stack>
    </PublicCard>
  );
}
