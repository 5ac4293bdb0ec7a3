import { Alert, Button, FileButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ContactImportPreview } from '../../../../domain/contacts.ts';
import type { ImportResult } from '../../../../domain/csv-import.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { type ContactImport, previewContactFile, useUploadContacts } from '../api/contacts-api.ts';

// The preview dialog's code loads when a file is chosen, not with the contacts page.
const ContactImportDialog = lazy(() => import('./contact-import-dialog.tsx'));

const isCsv = (file: File) => file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');

/**
 * CSV import (SPEC §2.6): a chooser for .csv files and the template; a chosen file is previewed
 * (its columns, matched to contact fields) before it is imported, and the import's row report
 * stays until it is closed.
 */
export function ContactUpload() {
  const { user } = useAuth();
  const upload = useUploadContacts();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const [chosen, setChosen] = useState<{ file: File; preview: ContactImportPreview } | null>(null);
  // Clears the chooser after each pick, so choosing the same file again uploads it again.
  const resetChooser = useRef<() => void>(null);
  if (!user) return null;

  const choose = async (file: File | null) => {
    resetChooser.current?.();
    if (!file) return;
    if (!isCsv(file)) {
      notifyError('Invalid file', 'Please select a CSV file');
      return;
    }
    setResult(null);
    setReading(true);
    try {
      setChosen({ file, preview: await previewContactFile(file) });
    } catch (error) {
      notifyError('Error', errorMessage(error) || 'Failed to upload contacts');
    } finally {
      setReading(false);
    }
  };

  const runImport = async (choice: ContactImport) => {
    try {
      const answer = await upload.mutateAsync(choice);
      setChosen(null);
      setResult(answer);
      notifySuccess('Success', answer.message);
    } catch (error) {
      notifyError('Error', errorMessage(error) || 'Failed to upload contacts');
    }
  };

  return (
    <Paper withBorder p="md" mb="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={500}>Import contacts from a CSV file</Text>
            <Text size="sm" c="dimmed">
              Any column names: you choose which columns hold the name, email, phone, organization
              and notes before anything is imported. Rows with problems are listed.
            </Text>
          </div>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={() => window.location.assign('/api/contacts/template')}
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
            <ContactImportDialog
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
          <Alert
            color="yellow"
            title={result.message}
            withCloseButton
            onClose={() => setResult(null)}
          >
            {/* The browser's own scrolling: Mantine's ScrollArea would bring a positioning
                library into the contacts page's first download. */}
            <div style={{ maxHeight: 200, overflowY: 'auto' }}>
              <List size="sm" spacing={2}>
                {result.errors.map((error) => (
                  <List.Item key={error.row}>
                    Row {error.row}: {error.message}
                  </List.Item>
                ))}
              </List>
            </div>
            {result.skipped > result.errors.length && (
              <Text size="sm" mt="xs">
                …and {result.skipped - result.errors.length} more rows.
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
