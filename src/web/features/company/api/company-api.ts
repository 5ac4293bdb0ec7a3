import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CompanyProfile,
  CompanyProfilePatch,
  Invitation,
  InvitationInput,
  NewUserInput,
  TeamMember,
} from '../../../../domain/company.ts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { userKeys } from '../../auth/api/auth-api.ts';

/** The company's profile, its team and its pending invitations. */
export const companyKeys = {
  profile: () => ['/api/organization'] as const,
  team: () => ['/api/organization/users'] as const,
  invitations: () => ['/api/organization/invitations'] as const,
};

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.profile(),
    queryFn: () => api.get<CompanyProfile>('/api/organization'),
  });

export const useCompanyProfile = () => useQuery(companyQueryOptions());

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.team(),
    queryFn: () => api.get<TeamMember[]>('/api/organization/users'),
  });

export const useTeam = () => useQuery(teamQueryOptions());

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.invitations(),
    queryFn: () => api.get<Invitation[]>('/api/organization/invitations'),
  });

/** Requested for admins only (SPEC §6). */
export const useInvitations = (enabled: boolean) =>
  useQuery({ ...invitationsQueryOptions(), enabled });

export const useUpdateCompanyProfile = () =>
  useInvalidatingMutation(
    (input: CompanyProfilePatch) => api.patch<CompanyProfile>('/api/organization', input),
    // The company's name also shows in the sidebar, from the user record.
    () => [companyKeys.profile(), userKeys.current()],
  );

export const useAddUser = () =>
  useInvalidatingMutation(
    (input: NewUserInput) => api.post<TeamMember>('/api/organization/users', input),
    () => [companyKeys.team()],
  );

export const useRemoveUser = () =>
  useInvalidatingMutation(
    (id: number) => api.delete<unknown>(`/api/organization/users/${id}`),
    () => [companyKeys.team(), companyKeys.invitations()],
  );

export const useResetPassword = () =>
  useInvalidatingMutation(
    (input: { userId: number; newPassword: string }) =>
      api.post<{ message: string }>('/api/organization/users/reset-password', input),
    // Nothing on screen shows a password.
    () => [],
  );

export const useInvite = () =>
  useInvalidatingMutation(
    (input: InvitationInput) =>
      api.post<Invitation & { previewUrl?: string }>('/api/organization/invitations', input),
    () => [companyKeys.invitations()],
  );

export const useCancelInvitation = () =>
  useInvalidatingMutation(
    (id: number) => api.delete<unknown>(`/api/organization/invitations/${id}`),
    () => [companyKeys.invitations()],
  );
