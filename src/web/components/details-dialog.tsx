import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a record's details dialog is given: the record to show (none: closed), and how to close. */
export interface RecordDetailsProps<T> {
  record: T | null;
  onClose: () => void;
}

/** A record's details in a dialog, open while there is a record to show. */
export function DetailsDialog<T>({
  record,
  onClose,
  title,
  size,
  children,
}: RecordDetailsProps<T> & {
  title: string;
  size?: ModalProps['size'];
  children: (record: T) => ReactNode;
}) {
  return (
    <Modal opened={record !== null} onClose={onClose} title={title} size={size}>
      {record !== null && children(record)}
    </Modal>
  );
}
