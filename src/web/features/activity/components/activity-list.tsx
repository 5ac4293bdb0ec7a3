import { List, Text } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ActivityEntry } from '../../../../domain/activity.ts';
import { QueryContent, SectionCard } from '../../../components/section-card.tsx';
import { teamQueryOptions } from '../../company/api/company-api.ts';
import { changesAssignee } from '../activity-wording.ts';
import { ActivityLine } from './activity-line.tsx';

/**
 * A titled section of activity entries, newest first: a record's History (`ofThisRecord`), or
 * the company's Recent activity (each entry names its record).
 */
export function ActivityList({
  title,
  query,
  entries: shown,
  focusedEntry,
  ofThisRecord,
  children,
}: {
  title: string;
  query: UseQueryResult<ActivityEntry[]>;
  /** What to show once the query has answered, if not what it answered (older entries too). */
  entries?: ActivityEntry[];
  /** The entry to give the focus to (the first of older ones read), when it changes. */
  focusedEntry?: number | undefined;
  ofThisRecord: boolean;
  /** Below the entries: a way to older ones. */
  children?: ReactNode;
}) {
  // The team's names, asked for once an entry gives a task or requirement to someone.
  const assigning = (shown ?? query.data ?? []).some(changesAssignee);
  const team = useQuery({ ...teamQueryOptions(), enabled: assigning });
  const members = team.isSuccess
    ? new Map(team.data.map((member) => [member.id, member.name]))
    : undefined;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (focusedEntry === undefined) return;
    list.current?.querySelector<HTMLElement>(`[data-entry="${focusedEntry}"]`)?.focus();
  }, [focusedEntry]);
  return (
    <SectionCard title={title}>
      <QueryContent query={query} loading={`Loading ${title.toLowerCase()}...`}>
        {(answered) => {
          const entries = shown ?? answered;
          return entries.length === 0 ? (
            <Text c="dimmed">No changes recorded yet</Text>
          ) : (
            <>
              <List ref={list} spacing="xs" size="sm" listStyleType="none">
                {entries.map((entry) => (
                  <List.Item
                    key={entry.id}
                    data-entry={entry.id}
                    tabIndex={entry.id === focusedEntry ? -1 : undefined}
                  >
                    <ActivityLine entry={entry} ofThisRecord={ofThisRecord} members={members} />
                  </List.Item>
                ))}
              </List>
              {children}
            </>
          );
        }}
      </QueryContent>
    </SectionCard>
  );
}
