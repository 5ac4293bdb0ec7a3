import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

function ErrorFallback() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" maw={480} role="alert">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">
          An error occurred while rendering this page. Try refreshing or contact support if the
          problem persists.
        </Text>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </Stack>
    </Center>
  );
}

/**
 * Shows ErrorFallback instead of a page that failed to render. Give it a `key` (such as the
 * path) to start afresh when the user moves on.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
