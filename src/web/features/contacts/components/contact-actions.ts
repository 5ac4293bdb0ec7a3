import type { Contact } from '../../../../domain/contacts.ts';
import { recordActions } from '../../../components/record-actions.ts';
import { contactKeys, useDeleteContact } from '../api/contacts-api.ts';

/** A contact's dialog and deletion, from the contacts list and from the contact's page. */
export const contactActions = recordActions({
  noun: 'contact',
  cached: contactKeys.all,
  dialog: () => import('./contact-dialog.tsx').then((m) => m.ContactDialog),
  useDelete: useDeleteContact,
  question: (contact: Contact) =>
    `Delete ${contact.name}? Their interactions will be deleted too. This cannot be undone.`,
});
