import type { Grant } from '../../../domain/grants.ts';
import { formatDate } from '../../lib/format.ts';

/**
 * Grants as a select's choices, by name: a name that more than one of them has is told apart by
 * the funder ('Parks Cleanup · River Trust'), and by the due date too where the funder is the
 * same ('Parks Cleanup · River Trust, due May 1, 2027').
 */
export function grantChoices(grants: Pick<Grant, 'id' | 'name' | 'funder' | 'dueDate'>[]) {
  const count = (key: (grant: (typeof grants)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const grant of grants) counts.set(key(grant), (counts.get(key(grant)) ?? 0) + 1);
    return (grant: (typeof grants)[number]) => counts.get(key(grant)) ?? 0;
  };
  const byName = count((grant) => grant.name);
  const byFunder = count((grant) => `${grant.name}\n${grant.funder}`);
  return grants.map((grant) => ({
    value: String(grant.id),
    label:
      byName(grant) < 2
        ? grant.name
        : byFunder(grant) < 2
          ? `${grant.name} · ${grant.funder}`
          : `${grant.name} · ${grant.funder}, due ${formatDate(grant.dueDate)}`,
  }));
}
