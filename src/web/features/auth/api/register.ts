import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, RegisterInput } from '../../../../domain/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';

/**
 * SPEC §3 has the client add companyId 1 and role admin; the server ignores both and makes the
 * registrant the admin of a new company named after their organization.
 */
export const register = (input: RegisterInput) =>
  api.post<CurrentUser>('/api/register', { ...input, companyId: 1, role: 'admin' });

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
