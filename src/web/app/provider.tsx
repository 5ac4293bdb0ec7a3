import '@mantine/core/styles.css';
import './global.css';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, useState } from 'react';
import { LoadWhenOpened } from '../components/load-when-opened.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { useNotices } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';

const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 9,
  autoContrast: true,
  defaultRadius: 'md',
  components: {
    // Close buttons are icons: give them a name screen readers can say.
    // Plain settings rather than Modal.extend, which would put Modal in the first download.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
  },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

// Secondary text dark enough to read (WCAG AA contrast) in light mode.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-cyan-light-color': 'var(--mantine-color-cyan-9)',
  },
  dark: {},
});

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
