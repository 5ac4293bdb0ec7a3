import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationLookup } from '../../../../domain/company.ts';
import { api } from '../../../lib/api-client.ts';
import { getQuery } from '../../../lib/get-query.ts';

/** An invitation as its link shows it, before signing in. */
export const invitationKeys = {
  lookup: (token: string) => ['/api/invitations', token] as const,
};

export const invitationQueryOptions = (token: string) =>
  getQuery<InvitationLookup>(
    invitationKeys.lookup(token),
    `/api/invitations/${encodeURIComponent(token)}`,
  );

/** Nothing is fetched without a token. */
export const useInvitation = (token: string | null) =>
  useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });

/** Accepting creates the user; they then sign in, so nothing cached changes. */
export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (input: { username: string; password: string }) =>
      api.post<unknown>('/api/invitations/accept', { token, ...input }),
  });
