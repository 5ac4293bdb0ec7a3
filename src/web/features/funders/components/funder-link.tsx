import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Funder } from '../../../../domain/funders.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { funderKeys } from '../api/funder-keys.ts';

/**
 * The funder whose name matches `name` without regard to case and spaces (as the server
 * matches them), for a link from a grant's funder or a contact's organization to its page.
 */
const useFunderOfName = (name: string | null) =>
  useQuery({
    queryKey: funderKeys.named(name ?? ''),
    queryFn: async () => {
      const page = await api.getPage<Funder>(
        withQuery('/api/funders', { name: name ?? '', limit: 1 }),
      );
      return page.items[0] ?? null;
    },
    enabled: Boolean(name?.trim()),
    staleTime: 60_000,
  });

/**
 * An organization's name (a grant's funder, a contact's or an opportunity's organization) as a
 * link to its funder's page; plain text until the funder is found, or if it cannot be.
 */
export function FunderLink({ name }: { name: string }) {
  const funder = useFunderOfName(name).data;
  return funder ? (
    <Anchor component={Link} to={`/funders/${funder.id}`}>
      {name}
    </Anchor>
  ) : (
    name
  );
}
