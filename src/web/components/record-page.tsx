import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { useLeaveFor } from '../lib/back-to-list.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { capitalise } from '../lib/format.ts';
import { parseId } from '../lib/parse-id.ts';
import { BackLink, RecordStates } from './detail-states.tsx';
import { LoadWhenOpened } from './load-when-opened.tsx';
import { PageHeader } from './page-header.tsx';
import { LoadingBlock } from './query-states.tsx';
import type { RecordKind } from './record-kind.ts';

/**
 * The page of the record whose id is in the address (`/contacts/:id`), of the given `kind`: the
 * link back to its list ('Back to contacts'), then the record as far as it has loaded
 * (`RecordStates`). Loaded, its heading carries Edit (the list's dialog, prefilled), Delete
 * (asked first; once deleted, the page gives way to the list) and any actions of its own. The
 * tab is named after the record and its list: 'Grace Hopper · Contacts · Grantwell'.
 */
export function RecordPage<T extends { id: number }>({
  kind,
  title,
  heading,
  badge,
  actions,
  children,
}: {
  kind: RecordKind<T>;
  /** The record's name: the tab's title, and the page's heading unless `heading` is given. */
  title: (record: T) => string;
  /** A heading the same for every record of the kind ('Interaction Details'). */
  heading?: string;
  badge?: (record: T) => ReactNode;
  /** Actions of the page's own, before Edit and Delete. */
  actions?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  const { noun, listPath, Dialog } = kind;
  const id = parseId(useParams().id);
  const query = kind.useOne(id);
  useDocumentTitle(query.data && title(query.data), capitalise(kind.plural));
  const deletion = kind.useDeletion();
  const [editing, setEditing] = useState(false);
  const leave = useLeaveFor(listPath);

  return (
    <>
      <BackLink to={listPath}>{`Back to ${kind.plural}`}</BackLink>
      {deletion.busy ? (
        // The record is going: what showed it is not shown again while it refreshes.
        <LoadingBlock label={`Deleting the ${noun}`} />
      ) : (
        <RecordStates id={id} query={query} noun={noun}>
          {(record) => (
            <>
              <PageHeader
                title={heading ?? title(record)}
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
