import type { Contact } from '../../../../domain/contacts.ts';
import { RecordDialog, type RecordDialogProps } from '../../../components/record-dialog.tsx';
import { ContactForm } from './contact-form.tsx';
import { contactKind } from './contact-kind.ts';

/** 'Create New Contact', or the edit dialog prefilled with `record`. */
export function ContactDialog(props: RecordDialogProps<Contact>) {
  return (
    <RecordDialog {...props} kind={contactKind}>
      {(form) => <ContactForm contact={props.record} {...form} />}
    </RecordDialog>
  );
}
