import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportResult } from '../../../../domain/contacts.ts';
import { uploadFile } from '../../../lib/upload-file.ts';
import { contactsKey } from './get-contacts.ts';

export function useUploadContacts() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadFile<ImportResult>('/api/contacts/upload', file, setProgress);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] }),
      ]),
  });
  return { ...mutation, progress };
}
