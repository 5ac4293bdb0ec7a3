import type { Contact } from '../../../../domain/contacts.ts';
import { DetailsDialog, type RecordDetailsProps } from '../../../components/details-dialog.tsx';
import { ContactInfoCard } from './contact-info-card.tsx';

/** 'Contact Details' (SPEC §2.14): the contact's facts and a link to their page. */
export function ContactDetailsDialog(props: RecordDetailsProps<Contact>) {
  return (
    <DetailsDialog {...props} title="Contact Details">
      {(contact) => <ContactInfoCard contact={contact} title={contact.name} withProfileLink />}
    </DetailsDialog>
  );
}
