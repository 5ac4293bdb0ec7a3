import '@mantine/core/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, useState } from 'react';
import { LoadWhenOpened } from '../components/load-when-opened.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { useNotices } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The notices' host, with the toast library under it, loads with the first notice rather than
// with the first page: the notice waits in the store until it arrives.
const Notices = lazy(() => import('./notices.tsx'));

function NoticesHost() {
  const notices = useNotices();
  return (
    <LoadWhenOpened opened={notices.length > 0}>
      <Notices />
    </LoadWhenOpened>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NoticesHost />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
