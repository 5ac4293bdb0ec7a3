import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import {
  type CSSVariablesResolver,
  createTheme,
  MantineProvider,
  Notification,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';

const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 9,
  autoContrast: true,
  defaultRadius: 'md',
  components: {
    // Close buttons are icons: give them a name screen readers can say.
    // Plain settings rather than Modal.extend/Alert.extend, which would put those components
    // in the first download.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
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

/** SPEC §9: one notice visible at a time, each for five seconds. */
export const TOAST_DURATION_MS = 5000;

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
