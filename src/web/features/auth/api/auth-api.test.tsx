import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../domain/auth.ts';
import { useIsAdmin, userKeys } from './auth-api.ts';

const member: CurrentUser = {
  id: 3,
  name: 'Ada Lovelace',
  email: 'ada@harbor.example',
  username: 'ada',
  role: 'user',
  companyId: 1,
  companyName: 'Harbor Trust',
};

/** useIsAdmin with the signed-in user the server answered (null: nobody signed in). */
function isAdminFor(user: CurrentUser | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(userKeys.current(), user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useIsAdmin(), { wrapper }).result.current;
}

describe('whether the signed-in user is an admin', () => {
  it('is true for an admin only', () => {
    expect(isAdminFor({ ...member, role: 'admin' })).toBe(true);
    expect(isAdminFor(member)).toBe(false);
    expect(isAdminFor(null)).toBe(false);
  });
});
