import type { Contact } from '../../../../domain/contacts.ts';
import {
  RecordDialog,
  type RecordDialogProps,
  useSaveRecord,
} from '../../../components/record-dialog.tsx';
import { useCreateContact, useUpdateContact } from '../api/contacts-api.ts';
import { ContactForm } from './contact-form.tsx';

const notices = {
  created: 'Contact created successfully',
  updated: 'Contact updated successfully',
  signedOut: 'You must be logged in to manage contacts',
};

/** 'Create New Contact', or the edit dialog prefilled with `contact`. */
export function ContactDialog({ record: contact, ...dialog }: RecordDialogProps<Contact>) {
  const { save, pending } = useSaveRecord(
    contact,
    useCreateContact(),
    useUpdateContact(),
    notices,
    dialog.onClose,
  );
  return (
    <RecordDialog {...dialog} title={contact ? 'Edit Contact' : 'Create New Contact'}>
      <ContactForm key={contact?.id ?? 'new'} contact={contact} onSubmit={save} pending={pending} />
    </RecordDialog>
  );
}
