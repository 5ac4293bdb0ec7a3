import { Alert, List, Text } from '@mantine/core';
import type { ImportResult } from '../../domain/csv-import.ts';

/** What an import left out: its message, and each row it skipped with why, until closed. */
export default function CsvImportReport({
  result,
  onClose,
}: {
  result: ImportResult;
  onClose: () => void;
}) {
  return (
    <Alert color="yellow" title={result.message} withCloseButton onClose={onClose}>
      {/* The browser's own scrolling: Mantine's ScrollArea would bring a positioning library
          along. */}
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
  );
}
