import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../domain/auth.ts';
import type {
  CompanyProfile,
  CompanyProfilePatch,
  CreatedInvitation,
  Invitation,
  InvitationInput,
  InvitationLink,
  NewUserInput,
  RoleChange,
  TeamMember,
} from '../../../../domain/company.ts';
import { api } from '../../../lib/api-client.ts';
import { useChoicesKeptCurrent } from '../../../lib/choices-kept-current.ts';
import { getQuery } from '../../../lib/get-query.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { userKeys } from '../../auth/api/auth-api.ts';
import { assigneeLeftScreens } from '../../grants/api/task-keys.ts';

/** The company's profile, its team and its pending invitations. */
export const companyKeys = {
  profile: () => ['/api/organization'] as const,
  team: () => ['/api/organization/users'] as const,
  invitations: () => ['/api/organization/invitations'] as const,
};

export const companyQueryOptions = () =>
  getQuery<CompanyProfile>(companyKeys.profile(), '/api/organization');

export const useCompanyProfile = () => useQuery(companyQueryOptions());

export const teamQueryOptions = () =>
  getQuery<TeamMember[]>(companyKeys.team(), '/api/organization/users');

/** What a member's leaving changes: who may be chosen, and the work that was theirs. */
const assigneeChoices = () => [companyKeys.team(), ...assigneeLeftScreens()];

/** The team, read again when a change names a member removed meanwhile (useChoicesKeptCurrent). */
export function useTeam() {
  useChoicesKeptCurrent('assigneeId', assigneeChoices);
  return useQuery(teamQueryOptions());
}

export const invitationsQueryOptions = () =>
  getQuery<Invitation[]>(companyKeys.invitations(), '/api/organization/invitations');

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
    // An invitation pending to the new member's address is closed.
    () => [companyKeys.team(), companyKeys.invitations()],
  );

/** A removed member's tasks and requirements are left unassigned. */
export const useRemoveUser = () =>
  useInvalidatingMutation(
    (id: number) => api.delete<unknown>(`/api/organization/users/${id}`),
    () => [companyKeys.team(), companyKeys.invitations(), ...assigneeLeftScreens()],
  );

/** A member's new role shows in the team list; one's own, in what the app lets one do. */
export const useChangeRole = () => {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(
    ({ id, role }: { id: number } & RoleChange) =>
      api.patch<TeamMember>(`/api/organization/users/${id}`, { role }),
    // An admin made a user takes back their pending invitations; an admin stepping down sees
    // them no more (asked for, they would be refused).
    ({ id, role }) =>
      id === queryClient.getQueryData<CurrentUser | null>(userKeys.current())?.id && role === 'user'
        ? [companyKeys.team(), userKeys.current()]
        : [companyKeys.team(), companyKeys.invitations(), userKeys.current()],
  );
};

export const useResetPassword = () =>
  useInvalidatingMutation(
    (input: { userId: number; newPassword: string }) =>
      api.post<{ message: string }>('/api/organization/users/reset-password', input),
    // Nothing on screen shows a password.
    () => [],
  );

export const useInvite = () =>
  useInvalidatingMutation(
    (input: InvitationInput) => api.post<CreatedInvitation>('/api/organization/invitations', input),
    () => [companyKeys.invitations()],
  );

/** A pending invitation's new link; the one sent before stops working. */
export const useNewInvitationLink = () =>
  useInvalidatingMutation(
    (id: number) => api.post<InvitationLink>(`/api/organization/invitations/${id}/link`, {}),
    // Its expiry moved.
    () => [companyKeys.invitations()],
  );

export const useCancelInvitation = () =>
  useInvalidatingMutation(
    (id: number) => api.delete<unknown>(`/api/organization/invitations/${id}`),
    () => [companyKeys.invitations()],
  );
