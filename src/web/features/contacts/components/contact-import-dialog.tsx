import {
  Button,
  Group,
  Modal,
  NativeSelect,
  Progress,
  Radio,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import {
  CONTACT_CSV_COLUMNS,
  CONTACT_CSV_REQUIRED,
  CONTACT_FIELD_LABELS,
  type ContactImportField,
  type ContactImportPreview,
} from '../../../../domain/contacts.ts';
import { type DuplicateChoice, unmappedFields } from '../../../../domain/csv-import.ts';
import type { ContactImport } from '../api/contacts-api.ts';

/** The select's value for a column that is not imported. */
const SKIP = '';

const fieldChoices = [
  { value: SKIP, label: "Don't import" },
  ...CONTACT_CSV_COLUMNS.map((field) => ({ value: field, label: CONTACT_FIELD_LABELS[field] })),
];

const duplicateChoices: { value: DuplicateChoice; label: string }[] = [
  { value: 'skip', label: 'Skip the row' },
  { value: 'update', label: 'Update that contact (a blank cell keeps its value)' },
  { value: 'create', label: 'Import it as another contact' },
];

const isField = (value: string): value is ContactImportField =>
  (CONTACT_CSV_COLUMNS as readonly string[]).includes(value);

/**
 * The preview of a CSV file before it is imported: each column of the file with its first
 * values and the contact field it goes to (suggested from its header, changeable), and what a
 * row whose email is already here does. Import runs the upload with that mapping.
 */
export default function ContactImportDialog({
  file,
  preview,
  importing,
  progress,
  onImport,
  onClose,
}: {
  file: File;
  preview: ContactImportPreview;
  importing: boolean;
  progress: number;
  onImport: (choice: ContactImport) => void;
  onClose: () => void;
}) {
  const [mapping, setMapping] = useState(() => preview.columns.map((c) => c.suggestion));
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const missing = unmappedFields(mapping, CONTACT_CSV_REQUIRED);

  /** A field goes to one column: choosing it for a column takes it from any other. */
  const choose = (at: number, value: string) => {
    const field = isField(value) ? value : null;
    setMapping((current) =>
      current.map((was, i) => (i === at ? field : field !== null && was === field ? null : was)),
    );
  };

  return (
    <Modal
      opened
      onClose={importing ? () => {} : onClose}
      title="Import contacts"
      size="xl"
      closeOnClickOutside={!importing}
    >
      <Stack gap="md">
        <Text size="sm">
          Choose the contact field each column of {file.name} holds. The first rows of the file are
          shown under each column.
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column in the file</Table.Th>
                <Table.Th>Import as</Table.Th>
                <Table.Th>First rows</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.columns.map((column, at) => {
                const header = column.header || `Column ${at + 1}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns never move
                  <Table.Tr key={at}>
                    <Table.Td fw={500}>{header}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={`Import ${header} as`}
                        data={fieldChoices}
                        value={mapping[at] ?? SKIP}
                        onChange={(event) => choose(at, event.currentTarget.value)}
                        disabled={importing}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed" lineClamp={3} style={{ wordBreak: 'break-word' }}>
                        {column.samples.filter((sample) => sample !== '').join(' · ') || '(empty)'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {missing.length > 0 && (
          <Text size="sm" c="red" role="alert">
            Choose a column to import as{' '}
            {missing.map((field) => CONTACT_FIELD_LABELS[field]).join(' and ')}
          </Text>
        )}
        <Radio.Group
          label="When a row's email is already a contact's, or an earlier row's"
          value={duplicates}
          onChange={(value) => setDuplicates(value as DuplicateChoice)}
        >
          <Stack gap={6} mt={6}>
            {duplicateChoices.map((choice) => (
              <Radio
                key={choice.value}
                value={choice.value}
                label={choice.label}
                disabled={importing}
              />
            ))}
          </Stack>
        </Radio.Group>
        {importing && (
          <Stack gap={4}>
            <Progress value={progress} animated aria-label="Upload progress" />
            <Text size="sm" c="dimmed" aria-live="polite">
              {progress < 100
                ? `Uploading… ${Math.round(progress)}%`
                : 'Checking and saving the rows…'}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={importing}>
            Cancel
          </Button>
          <Button
            onClick={() => onImport({ file, mapping, duplicates })}
            disabled={missing.length > 0}
            loading={importing}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
