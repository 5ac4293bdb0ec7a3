import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { funderOfNameQueryOptions } from '../api/funder-of-name.ts';

/**
 * An organization's name (a grant's funder, a contact's or an opportunity's organization) as a
 * link to its funder's page; plain text until the funder is found, or if it cannot be.
 */
export function FunderLink({ name }: { name: string }) {
  const funder = useQuery(funderOfNameQueryOptions(name)).data;
  return funder ? (
    <Anchor component={Link} to={`/funders/${funder.id}`}>
      {name}
    </Anchor>
  ) : (
    name
  );
}
