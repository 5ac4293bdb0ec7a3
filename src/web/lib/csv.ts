import { CSV_BOM } from '../../domain/csv.ts';

/** Saves a CSV file as a download named `fileName`. */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([CSV_BOM, csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
