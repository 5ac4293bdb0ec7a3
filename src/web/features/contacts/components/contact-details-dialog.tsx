import { Modal } from '@mantine/core';
import type { Contact } from '../../../../domain/contacts.ts';
import { ContactInfoCard } from './contact-info-card.tsx';

/** 'Contact Details' (SPEC §2.14): the contact's facts and a link to their page. */
export function ContactDetailsDialog({
  contact,
  onClose,
}: {
  contact: Contact | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={contact !== null} onClose={onClose} title="Contact Details">
      {contact && <ContactInfoCard contact={contact} title={contact.name} withProfileLink />}
    </Modal>
  );
}
