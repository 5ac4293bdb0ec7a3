import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import type { ImportResult } from '../../domain/csv-import.ts';
import { errorMessage } from '../lib/api-client.ts';
import { type CsvPreview, previewCsvFile, type useCsvImport } from '../lib/csv-import.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { useOneAtATime } from '../lib/one-at-a-time.ts';
import type { CsvImportKind, default as Dialog } from './csv-import-dialog.tsx';

// The preview dialog's code loads when a file is chosen, not with the page. lazy() drops the
// dialog's type parameter; the component it renders is that dialog, so its type is kept.
const CsvImportDialog = lazy(() => import('./csv-import-dialog.tsx')) as unknown as typeof Dialog;
// The report of the rows left out loads with the dialog (asked for when a file is chosen).
const loadReport = () => import('./csv-import-report.tsx');
const CsvImportReport = lazy(loadReport);

const isCsv = (file: File) => file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');

/**
 * An import from a CSV file: its heading, the template and a chooser for .csv files; a chosen
 * file is previewed (its columns, matched to the record's fields) before it is imported, and
 * the import's row report stays until it is closed.
 */
export function CsvUpload<Field extends string>({
  heading,
  description,
  kind,
  templateUrl,
  previewUrl,
  upload,
  failure,
}: {
  heading: ReactNode;
  description: ReactNode;
  kind: CsvImportKind<Field>;
  templateUrl: string;
  previewUrl: string;
  upload: ReturnType<typeof useCsvImport<Field>>;
  /** The message of a failure that gives none. */
  failure: string;
}) {
  const [result, setResult] = useState<ImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const [chosen, setChosen] = useState<{ file: File; preview: CsvPreview<Field> } | null>(null);
  // Clears the chooser after each pick, so choosing the same file again uploads it again.
  const resetChooser = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    resetChooser.current?.();
    if (!file) return;
    if (!isCsv(file)) {
      notifyError('Invalid file', 'Please select a CSV file');
      return;
    }
    setResult(null);
    setReading(true);
    void loadReport();
    try {
      setChosen({ file, preview: await previewCsvFile<Field>(previewUrl, file) });
    } catch (error) {
      notifyError('Error', errorMessage(error) || failure);
    } finally {
      setReading(false);
    }
  };

  const runImport = useOneAtATime(async (choice: Parameters<typeof upload.mutateAsync>[0]) => {
    try {
      const answer = await upload.mutateAsync(choice);
      setChosen(null);
      setResult(answer);
      notifySuccess('Success', answer.message);
    } catch (error) {
      notifyError('Error', errorMessage(error) || failure);
    }
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          {heading}
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => window.location.assign(templateUrl)}
          >
            Download Template
          </Button>
          <FileButton onChange={choose} accept="text/csv,.csv" resetRef={resetChooser}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden="true" />}
                loading={reading || upload.isPending}
              >
                Upload CSV
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {chosen && (
        <Suspense fallback={null}>
          <CsvImportDialog
            kind={kind}
            file={chosen.file}
            preview={chosen.preview}
            importing={upload.isPending}
            progress={upload.progress}
            onImport={runImport}
            onClose={() => setChosen(null)}
          />
        </Suspense>
      )}
      {result && result.errors.length > 0 && (
        <Suspense fallback={null}>
          <CsvImportReport result={result} onClose={() => setResult(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
