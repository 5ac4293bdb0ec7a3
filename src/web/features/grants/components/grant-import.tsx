import { Modal } from '@mantine/core';
import { useState } from 'react';
import {
  GRANT_CSV_FIELDS,
  GRANT_CSV_REQUIRED,
  GRANT_FIELD_LABELS,
  type GrantImportField,
} from '../../../../domain/grant-import.ts';
import type { CsvImportKind } from '../../../components/csv-import-dialog.tsx';
import { CsvUpload } from '../../../components/csv-upload.tsx';
import { useUploadGrants } from '../api/grant-import-api.ts';

const grantImport: CsvImportKind<GrantImportField> = {
  record: 'grant',
  fields: GRANT_CSV_FIELDS,
  required: GRANT_CSV_REQUIRED,
  labels: GRANT_FIELD_LABELS,
};

/**
 * Grants from a CSV file, in a dialog opened from the grants list: the template (the export's
 * columns), a chosen file's preview with its columns matched to grant fields, and the rows
 * the import left out.
 */
export default function GrantImport({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const upload = useUploadGrants();
  // Escape in the file's preview, or in the rows left out, closes that dialog, not this one too.
  const [inner, setInner] = useState(false);
  return (
    <Modal
      opened={opened}
      // Closed mid-import, the report of the rows left out would be lost.
      onClose={upload.isPending ? () => {} : onClose}
      closeOnEscape={!upload.isPending && !inner}
      title="Import grants from a CSV file"
      size="lg"
    >
      <CsvUpload
        heading={null}
        description="Any column names: you choose which columns hold the name, funder, amount, due date, status and the rest before anything is imported. Amounts may be written as $50,000; a blank status is Draft. Rows with problems are listed."
        kind={grantImport}
        templateUrl="/api/grants/template"
        previewUrl="/api/grants/upload/preview"
        upload={upload}
        failure="Failed to upload grants"
        onDialog={setInner}
      />
    </Modal>
  );
}
