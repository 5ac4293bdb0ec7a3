import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type MouseEvent as ReactMouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { listBefore } from '../lib/back-to-list.ts';
import { capitalise } from '../lib/format.ts';
import { LoadFailed } from './query-states.tsx';
import { focusMainIfLost } from './skip-link.tsx';

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  // Back to the list as it was left (its search, sort and page), by the history's own Back
  // when it is the entry before this page, so that Back from the list does not come here again.
  const list = listBefore(key, to);
  const back = (event: ReactMouseEvent) => {
    const plain = !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
    if (!listBefore(key, to) || event.button !== 0 || !plain) return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <Anchor
      component={Link}
      to={list ? `${list.pathname}${list.search}` : to}
      onClick={back}
      size="sm"
      mb="md"
      display="inline-block"
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        {children}
      </Group>
    </Anchor>
  );
}

/** 'Loading...' while a record loads (SPEC §2.8). */
function LoadingText() {
  return (
    <Text c="dimmed" role="status">
      Loading...
    </Text>
  );
}

/** What a detail page shows when its record does not exist (or is not the company's). */
function NotFoundText({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" title={children} role="status">
      It may have been deleted, or the link may be wrong.
    </Alert>
  );
}

/**
 * A detail page's record as far as it has loaded: '… not found' when the id is no valid id or the
 * record does not exist, 'Loading...', the failure (with a button to try again) when it never
 * loaded, or else `children` with the record.
 */
export function RecordStates<T>({
  id,
  query,
  noun,
  children,
}: {
  id: number | null;
  /** The record's query: null when there is no such record. */
  query: UseQueryResult<T | null>;
  /** What the record is: 'contact' gives 'Contact not found' and 'This contact could not…'. */
  noun: string;
  children: (record: T) => ReactNode;
}) {
  const record = query.data;
  const gone = id === null || record === null;
  // Deleted while shown (elsewhere, or under a dialog saving over it), the record took the focus
  // with it: it goes to the page, which now says so.
  const shown = useRef(false);
  useEffect(() => {
    if (gone && shown.current) focusMainIfLost();
    shown.current = !gone && record !== undefined;
  });
  if (gone) {
    return <NotFoundText>{`${capitalise(noun)} not found`}</NotFoundText>;
  }
  if (query.isPending) return <LoadingText />;
  // A refresh that fails keeps the record loaded before: the page goes on showing it.
  if (record === undefined) {
    return (
      <LoadFailed what={`This ${noun}`} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return children(record);
}
