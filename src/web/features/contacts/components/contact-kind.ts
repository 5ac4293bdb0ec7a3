import type { Contact } from '../../../../domain/contacts.ts';
import { paths } from '../../../app/paths.ts';
import { recordKind } from '../../../components/record-kind.ts';
import { contactsApi } from '../api/contacts-api.ts';

/** Contacts, as the contacts list and a contact's page add, edit and delete them. */
export const contactKind = recordKind({
  ...contactsApi,
  noun: 'contact',
  plural: 'contacts',
  listPath: paths.contacts,
  addTitle: 'Create New Contact',
  signedOut: 'You must be logged in to manage contacts',
  question: (contact: Contact) =>
    `Delete ${contact.name}? Their interactions will be deleted too. This cannot be undone.`,
  alsoDeleted: 'Their interactions will be deleted too.',
  dialog: () => import('./contact-dialog.tsx').then((m) => m.ContactDialog),
});
