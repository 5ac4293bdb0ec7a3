import type { Grant } from '../../../../domain/grants.ts';
import { recordActions } from '../../../components/record-actions.ts';
import { grantKeys, useDeleteGrant } from '../api/grants-api.ts';

/** A grant's dialog and deletion, from the grants list and from the grant's page. */
export const grantActions = recordActions({
  noun: 'grant',
  cached: grantKeys.all,
  dialog: () => import('./grant-dialog.tsx').then((m) => m.GrantDialog),
  useDelete: useDeleteGrant,
  question: (grant: Grant) =>
    `Delete ${grant.name}? Its tasks will be deleted too. This cannot be undone.`,
});
