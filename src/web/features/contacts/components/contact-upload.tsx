import { Paper, Text } from '@mantine/core';
import {
  CONTACT_CSV_COLUMNS,
  CONTACT_CSV_REQUIRED,
  CONTACT_FIELD_LABELS,
  type ContactImportField,
} from '../../../../domain/contact-import.ts';
import type { CsvImportKind } from '../../../components/csv-import-dialog.tsx';
import { CsvUpload } from '../../../components/csv-upload.tsx';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useUploadContacts } from '../api/contact-import-api.ts';

const contactImport: CsvImportKind<ContactImportField> = {
  record: 'contact',
  fields: CONTACT_CSV_COLUMNS,
  required: CONTACT_CSV_REQUIRED,
  labels: CONTACT_FIELD_LABELS,
  duplicates: {
    question: "When a row's email is already a contact's, or an earlier row's",
    choices: {
      skip: 'Skip the row',
      update: 'Update that contact (a blank cell keeps its value)',
      create: 'Import it as another contact',
    },
  },
};

/** CSV import of contacts (SPEC §2.6), previewed and mapped before anything is imported. */
export function ContactUpload() {
  const { user } = useAuth();
  const upload = useUploadContacts();
  if (!user) return null;
  return (
    <Paper withBorder p="md" mb="lg">
      <CsvUpload
        heading={<Text fw={500}>Import contacts from a CSV file</Text>}
        description="Any column names: you choose which columns hold the name, email, phone, organization and notes before anything is imported. Rows with problems are listed."
        kind={contactImport}
        templateUrl="/api/contacts/template"
        previewUrl="/api/contacts/upload/preview"
        upload={upload}
        failure="Failed to upload contacts"
      />
    </Paper>
  );
}
