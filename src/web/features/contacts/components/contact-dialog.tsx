import { Modal } from '@mantine/core';
import type { Contact, ContactInput } from '../../../../domain/contacts.ts';
import { withNotice } from '../../../lib/notify.ts';
import { useCreateContact, useUpdateContact } from '../api/contacts-api.ts';
import { ContactForm } from './contact-form.tsx';

const SIGNED_OUT = 'You must be logged in to manage contacts';

/** 'Create New Contact', or the edit dialog prefilled with `contact`. */
export function ContactDialog({
  opened,
  onClose,
  contact,
}: {
  opened: boolean;
  onClose: () => void;
  contact?: Contact;
}) {
  const create = useCreateContact();
  const update = useUpdateContact();

  const save = async (input: ContactInput) => {
    const saved = contact
      ? await withNotice(
          () => update.mutateAsync({ id: contact.id, input }),
          'Contact updated successfully',
          SIGNED_OUT,
        )
      : await withNotice(
          () => create.mutateAsync(input),
          'Contact created successfully',
          SIGNED_OUT,
        );
    if (saved) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? 'Edit Contact' : 'Create New Contact'}
      size="lg"
    >
      <ContactForm
        key={contact?.id ?? 'new'}
        contact={contact}
        onSubmit={save}
        pending={create.isPending || update.isPending}
      />
    </Modal>
  );
}
