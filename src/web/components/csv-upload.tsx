import { Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { ImportResult } from '../../domain/csv-import.ts';
import { IMPORT_TOO_LARGE, IMPORT_UPLOAD_MAX_BYTES } from '../../domain/csv-import-limits.ts';
import { errorMessage } from '../lib/api-client.ts';
import { type CsvPreview, previewCsvFile, type useCsvImport } from '../lib/csv-import.ts';
import { focusIsLost } from '../lib/lost-focus.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { useOneAtATime } from '../lib/one-at-a-time.ts';
import type { CsvImportKind, default as Dialog } from './csv-import-dialog.tsx';
import { inertWhile } from './inert-button.ts';

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
  onDialog,
}: {
  heading: ReactNode;
  description: ReactNode;
  kind: CsvImportKind<Field>;
  templateUrl: string;
  previewUrl: string;
  upload: ReturnType<typeof useCsvImport<Field>>;
  /** The message of a failure that gives none. */
  failure: string;
  /**
   * Told whether one of its dialogs (the preview, the rows left out) is open: a dialog it sits in
   * leaves Escape to that one, which would otherwise close both.
   */
  onDialog?: ((open: boolean) => void) | undefined;
}) {
  const [result, setResult] = useState<ImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const [chosen, setChosen] = useState<{ file: File; preview: CsvPreview<Field> } | null>(null);
  // Clears the chooser after each pick, so choosing the same file again uploads it again.
  const resetChooser = useRef<() => void>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const busy = reading || upload.isPending;
  const dialogOpen = chosen !== null || (result !== null && result.errors.length > 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when the dialog opens or closes
  useEffect(() => onDialog?.(dialogOpen), [dialogOpen]);

  /**
   * Closes the preview and gives the focus back to Upload CSV, which opened it: the dialog is
   * gone at once, its focus with it. After the dialog's own focus handling (Mantine: 10 ms), and
   * only if nothing has taken the focus since. A preview closed before it had taken the focus
   * (Escape at once) leaves it where it was, on another control of the page: it goes back all
   * the same.
   */
  const closePreview = () => {
    const had = document.activeElement;
    setChosen(null);
    window.setTimeout(() => {
      if (focusIsLost() || document.activeElement === had) {
        uploadButton.current?.focus({ preventScroll: true });
      }
    }, 20);
  };

  const choose = async (file: File | null) => {
    resetChooser.current?.();
    if (!file) return;
    if (!isCsv(file)) {
      notifyError('Invalid file', 'Please select a CSV file');
      return;
    }
    // Said now, rather than once all of it has been sent (the preview reads only its start).
    if (file.size > IMPORT_UPLOAD_MAX_BYTES) {
      notifyError('Invalid file', IMPORT_TOO_LARGE);
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
      closePreview();
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
            {/* Inert, not disabled, while a file is read or imported: it keeps the focus it
                had when the file was chosen, and has it back when the preview closes. */}
            {({ onClick }) => (
              <Button
                ref={uploadButton}
                {...inertWhile(busy)}
                onClick={() => {
                  if (!busy) onClick();
                }}
                leftSection={
                  busy ? (
                    <Loader size={14} color="currentColor" />
                  ) : (
                    <IconUpload size={16} aria-hidden="true" />
                  )
                }
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
            onClose={closePreview}
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
