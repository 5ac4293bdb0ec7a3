import type { CurrentUser, PasswordChange, ProfileUpdate } from '../../../../domain/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { userKeys } from '../../auth/api/auth-api.ts';
import { assigneeScreens, companyKeys } from '../../company/api/company-api.ts';

// The signed-in user's own account. What it reads is the signed-in user (userKeys, owned by
// the auth feature); this module holds the changes.

/**
 * One's name and email show in the sidebar (the user record) and in the team list; one's name,
 * on the tasks assigned to one.
 */
export const useUpdateProfile = () =>
  useInvalidatingMutation(
    (input: ProfileUpdate) => api.patch<CurrentUser>('/api/user', input),
    () => [userKeys.current(), companyKeys.team(), ...assigneeScreens()],
  );

/** Nothing on screen shows a password; the other sessions end on the server. */
export const useChangePassword = () =>
  useInvalidatingMutation(
    (input: PasswordChange) => api.post<{ message: string }>('/api/user/password', input),
    () => [],
  );
