import { useMutation, useQuery } from '@tanstack/react-query';
import type { ForgotPasswordInput, PasswordResetOptions } from '../../../../domain/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { getQuery } from '../../../lib/get-query.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { userKeys } from './auth-api.ts';

/** Resetting a forgotten password, signed out: whether it works by email here, and the calls. */
export const passwordResetKeys = {
  options: () => ['/api/password-reset'] as const,
};

export const passwordResetOptionsQueryOptions = () =>
  getQuery<PasswordResetOptions>(passwordResetKeys.options(), '/api/password-reset');

export const usePasswordResetOptions = () => useQuery(passwordResetOptionsQueryOptions());

/** Asking for a link changes nothing on screen. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api.post<{ message: string }>('/api/password-reset', input),
  });

/**
 * Setting the password with the link's token ends every session of that user: this browser's
 * too when it was signed in as them, so the signed-in user is read again.
 */
export const useResetPasswordWithLink = (token: string) =>
  useInvalidatingMutation(
    (password: string) =>
      api.post<{ message: string }>('/api/password-reset/confirm', { token, password }),
    () => [userKeys.current()],
  );
