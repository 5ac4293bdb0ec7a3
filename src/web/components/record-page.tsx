import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { BackLink, RecordStates } from './detail-states.tsx';
import { LoadWhenOpened } from './load-when-opened.tsx';
import { PageHeader } from './page-header.tsx';
import { LoadingBlock } from './query-states.tsx';
import type { RecordKind } from './record-kind.ts';

/**
 * A record's page: the link back to its list, then the record as far as it has loaded
 * (`RecordStates`). Loaded, its heading carries Edit (the list's dialog, prefilled), Delete
 * (asked first; once deleted, the page gives way to the list) and any actions of its own.
 * `kind` names the kind of record and gives its dialog and deletion.
 */
export function RecordPage<T extends { id: number }>({
  id,
  query,
  kind,
  list,
  title,
  badge,
  actions,
  children,
}: {
  id: number | null;
  query: UseQueryResult<T | null>;
  kind: RecordKind<T>;
  /** The list the record belongs to: where the back link and a deletion lead. */
  list: { to: string; label: string };
  title: (record: T) => string;
  badge?: (record: T) => ReactNode;
  /** Actions of the page's own, before Edit and Delete. */
  actions?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  const { noun, Dialog } = kind;
  const deletion = kind.useDeletion();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const leave = () => navigate(list.to, { replace: true });

  return (
    <>
      <BackLink to={list.to}>{list.label}</BackLink>
      {deletion.busy ? (
        // The record is going: what showed it is not shown again while it refreshes.
        <LoadingBlock label={`Deleting the ${noun}`} />
      ) : (
        <RecordStates id={id} query={query} noun={noun}>
          {(record) => (
            <>
              <PageHeader
                title={title(record)}
                badge={badge?.(record)}
                actions={
                  <>
                    {actions?.(record)}
                    {/* Words without icons: the page's first download stays within budget. */}
                    <Button variant="default" onClick={() => setEditing(true)}>
                      Edit
                    </Button>
                    <Button variant="light" color="red" onClick={() => deletion.ask(record, leave)}>
                      Delete
                    </Button>
                  </>
                }
              />
              {children(record)}
              <LoadWhenOpened opened={editing}>
                <Dialog opened={editing} onClose={() => setEditing(false)} record={record} />
              </LoadWhenOpened>
            </>
          )}
        </RecordStates>
      )}
    </>
  );
}
