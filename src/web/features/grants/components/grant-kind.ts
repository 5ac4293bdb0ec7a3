import type { Grant } from '../../../../domain/grants.ts';
import { paths } from '../../../app/paths.ts';
import { recordKind } from '../../../components/record-kind.ts';
import { grantsApi } from '../api/grants-api.ts';

/** Grants, as the grants list and a grant's page add, edit and delete them. */
export const grantKind = recordKind({
  ...grantsApi,
  noun: 'grant',
  plural: 'grants',
  listPath: paths.grants,
  addTitle: 'Add Grant',
  signedOut: 'You must be logged in to manage grants',
  question: (grant: Grant) =>
    `Delete ${grant.name}? Its tasks and requirements will be deleted too. This cannot be undone.`,
  alsoDeleted: 'Their tasks and requirements will be deleted too.',
  dialog: () => import('./grant-dialog.tsx').then((m) => m.GrantDialog),
});
