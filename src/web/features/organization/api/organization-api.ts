import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Invitation,
  InvitationInput,
  NewUserInput,
  Organization,
  OrganizationPatch,
  TeamMember,
} from '../../../../domain/organization.ts';
import { api } from '../../../lib/api-client.ts';

const organizationKey = ['/api/organization'] as const;
const usersKey = ['/api/organization/users'] as const;
const invitationsKey = ['/api/organization/invitations'] as const;

export const useOrganization = () =>
  useQuery({
    queryKey: organizationKey,
    queryFn: () => api.get<Organization>('/api/organization'),
  });

export const useTeam = () =>
  useQuery({ queryKey: usersKey, queryFn: () => api.get<TeamMember[]>('/api/organization/users') });

/** Requested for admins only (SPEC §6). */
export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: invitationsKey,
    queryFn: () => api.get<Invitation[]>('/api/organization/invitations'),
    enabled,
  });

function useInvalidating<Variables, Result>(
  fn: (variables: Variables) => Promise<Result>,
  keys: readonly (readonly string[])[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useUpdateOrganization = () =>
  useInvalidating(
    (input: OrganizationPatch) => api.patch<Organization>('/api/organization', input),
    // The company's name also shows in the sidebar, from the user record.
    [organizationKey, ['/api/user']],
  );

export const useAddUser = () =>
  useInvalidating(
    (input: NewUserInput) => api.post<TeamMember>('/api/organization/users', input),
    [usersKey],
  );

export const useRemoveUser = () =>
  useInvalidating(
    (id: number) => api.delete<unknown>(`/api/organization/users/${id}`),
    [usersKey, invitationsKey],
  );

export const useResetPassword = () =>
  useInvalidating(
    (input: { userId: number; newPassword: string }) =>
      api.post<{ message: string }>('/api/organization/users/reset-password', input),
    [],
  );

export const useInvite = () =>
  useInvalidating(
    (input: InvitationInput) =>
      api.post<Invitation & { previewUrl?: string }>('/api/organization/invitations', input),
    [invitationsKey],
  );

export const useCancelInvitation = () =>
  useInvalidating(
    (id: number) => api.delete<unknown>(`/api/organization/invitations/${id}`),
    [invitationsKey],
  );
