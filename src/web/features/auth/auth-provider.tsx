import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import type { CurrentUser } from '../../../domain/auth.ts';
import { useLogout, useUser, watchSession } from './api/auth-api.ts';

interface AuthContextValue {
  user: CurrentUser | null;
  isLoading: boolean;
  error: Error | null;
  logoutMutation: ReturnType<typeof useLogout>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const userQuery = useUser();
  const logoutMutation = useLogout();
  const queryClient = useQueryClient();
  useEffect(() => watchSession(queryClient), [queryClient]);
  const value = useMemo(
    () => ({
      user: userQuery.data ?? null,
      isLoading: userQuery.isLoading,
      error: userQuery.error,
      logoutMutation,
    }),
    [userQuery.data, userQuery.isLoading, userQuery.error, logoutMutation],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
