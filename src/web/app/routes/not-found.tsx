import { Card, Center, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useDocumentTitle } from '../../lib/document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <Center mih="60vh">
      <Card withBorder shadow="sm" padding="xl" maw={440} w="100%">
        <Title
          order={1}
          size="h3"
          mb="sm"
          style={{ display: 'flex', gap: 8, alignItems: 'center' }}
        >
          <IconAlertCircle color="var(--mantine-color-red-6)" aria-hidden="true" />
          404 Page Not Found
        </Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
      </Card>
    </Center>
  );
}
