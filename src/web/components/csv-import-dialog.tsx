import {
  Group,
  type InputBaseProps,
  Modal,
  NativeSelect,
  Progress,
  Radio,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useId, useState } from 'react';
import { type DuplicateChoice, unmappedFields } from '../../domain/csv-import.ts';
import type { CsvImportChoice, CsvPreview } from '../lib/csv-import.ts';
import { BusyButton } from './busy-button.tsx';
import { CancelButton } from './save-button.tsx';
import { useSteppedChoice } from './select-steps.ts';
import { SimpleTable } from './simple-table.tsx';

/**
 * Leaves a field's `aria-describedby` to it, which Mantine would replace with its own (of the
 * field's error or description). NativeSelect hands it to its input (InputBase), whose props
 * alone have it in their type.
 */
const ownDescription: Pick<InputBaseProps, 'withAria'> = { withAria: false };

/** The select's value for a column that is not imported. */
const SKIP = '';

/** What the preview says of a kind of record: its fields, and what its duplicates are. */
export interface CsvImportKind<Field extends string> {
  /** The record in words: "contact". */
  record: string;
  fields: readonly Field[];
  required: readonly Field[];
  labels: Readonly<Record<Field, string>>;
  /** Where rows can repeat a record: the question, and the answer for each choice. */
  duplicates?: { question: string; choices: Readonly<Record<DuplicateChoice, string>> };
}

/**
 * The field a column of the file is imported as. Stepped through from the keyboard, it takes
 * the field stepped to (from any other column holding it) only once the user is done (Enter, or
 * leaving it): each field passed on the way was taken from its column, for good.
 */
function ColumnField({
  label,
  data,
  value,
  onChange,
  importing,
  first,
  describedBy,
}: {
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  importing: boolean;
  /** The first column's: it has the focus as the preview opens, not the dialog's Close. */
  first: boolean;
  /** The message of the fields no column holds, while there are some. */
  describedBy: string | undefined;
}) {
  const choice = useSteppedChoice(value, onChange);
  return (
    <NativeSelect
      aria-label={label}
      // Its own: Mantine's (of a field's error or description) would take its place.
      {...ownDescription}
      aria-describedby={describedBy}
      data={data}
      data-autofocus={first || undefined}
      {...choice}
      aria-disabled={importing}
      data-disabled={importing || undefined}
    />
  );
}

/**
 * The preview of a CSV file before it is imported: each column of the file with its first
 * values and the field it goes to (suggested from its header, changeable), and, where records
 * can repeat, what a row that repeats one does. Import runs the upload with that choice.
 *
 * While the import runs nothing in it can be changed or pressed, yet nothing is disabled: a
 * disabled control loses the keyboard's focus to the page behind the dialog (Import, the moment
 * Enter is pressed on it). The controls read and look disabled and ignore what is done to them.
 */
export default function CsvImportDialog<Field extends string>({
  kind,
  file,
  preview,
  importing,
  progress,
  onImport,
  onClose,
}: {
  kind: CsvImportKind<Field>;
  file: File;
  preview: CsvPreview<Field>;
  importing: boolean;
  progress: number;
  onImport: (choice: CsvImportChoice<Field>) => void;
  onClose: () => void;
}) {
  const [mapping, setMapping] = useState(() => preview.columns.map((c) => c.suggestion));
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const missing = unmappedFields(mapping, kind.required);
  const missingMessage = useId();
  const fieldChoices = [
    { value: SKIP, label: "Don't import" },
    ...kind.fields.map((field) => ({ value: field, label: kind.labels[field] })),
  ];
  const isField = (value: string): value is Field =>
    (kind.fields as readonly string[]).includes(value);

  /** A field goes to one column: choosing it for a column takes it from any other. */
  const choose = (at: number, value: string) => {
    if (importing) return;
    const field = isField(value) ? value : null;
    setMapping((current) =>
      current.map((was, i) => (i === at ? field : field !== null && was === field ? null : was)),
    );
  };

  return (
    <Modal
      opened
      onClose={importing ? () => {} : onClose}
      title={`Import ${kind.record}s`}
      // Wide enough inside (48em) that the columns are a table; on a narrower screen (a phone)
      // each column of the file is a card, rather than a table to scroll sideways.
      size="52rem"
      closeOnClickOutside={!importing}
    >
      <Stack gap="md">
        <Text size="sm">
          Choose the {kind.record} field each column of {file.name} holds. The first rows of the
          file are shown under each column.
        </Text>
        <SimpleTable
          minWidth={520}
          spacing="xs"
          headers={['Column in the file', 'Import as', 'First rows']}
        >
          {preview.columns.map((column, at) => {
            const header = column.header || `Column ${at + 1}`;
            // Two columns of one name are told apart by where they are, to a screen reader too.
            const named = preview.columns.filter((other) => other.header === column.header);
            const which =
              column.header && named.length > 1 ? `${header} (column ${at + 1})` : header;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns never move
              <Table.Tr key={at}>
                {/* A long name with no spaces breaks rather than push the selects out of sight. */}
                <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {header}
                </Table.Td>
                <Table.Td>
                  <ColumnField
                    label={`Import ${which} as`}
                    data={fieldChoices}
                    value={mapping[at] ?? SKIP}
                    onChange={(value) => choose(at, value)}
                    importing={importing}
                    first={at === 0}
                    describedBy={missing.length > 0 ? missingMessage : undefined}
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
        </SimpleTable>
        {missing.length > 0 && (
          <Text size="sm" c="red" role="alert" id={missingMessage}>
            Choose a column to import as {missing.map((field) => kind.labels[field]).join(' and ')}
          </Text>
        )}
        {kind.duplicates && (
          <Radio.Group
            label={kind.duplicates.question}
            value={duplicates}
            onChange={(value) => {
              if (!importing) setDuplicates(value as DuplicateChoice);
            }}
          >
            <Stack gap={6} mt={6}>
              {Object.entries(kind.duplicates.choices).map(([value, label]) => (
                <Radio
                  key={value}
                  value={value}
                  label={label}
                  aria-disabled={importing}
                  data-disabled={importing || undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
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
          <CancelButton saving={importing} onCancel={onClose} />
          <BusyButton
            busy={importing}
            onClick={() =>
              onImport({ file, mapping, duplicates: kind.duplicates ? duplicates : undefined })
            }
            disabled={missing.length > 0}
          >
            Import
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
