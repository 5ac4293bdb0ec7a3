import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ActivityEntity } from '../../../../domain/activity.ts';
import { QueryContent, SectionCard } from '../../../components/section-card.tsx';
import { recordHistoryQueryOptions } from '../api/activity-api.ts';
import { ActivityLine } from './activity-line.tsx';

/** A record's history, newest first: who created it, and who changed what, when. */
export default function HistorySection({ entity, id }: { entity: ActivityEntity; id: number }) {
  const history = useQuery(recordHistoryQueryOptions(entity, id));
  return (
    <SectionCard title="History">
      <QueryContent query={history} loading="Loading history...">
        {(entries) =>
          entries.length === 0 ? (
            <Text c="dimmed">No changes recorded yet</Text>
          ) : (
            <List spacing="xs" size="sm" listStyleType="none">
              {entries.map((entry) => (
                <List.Item key={entry.id}>
                  <ActivityLine entry={entry} ofThisRecord />
                </List.Item>
              ))}
            </List>
          )
        }
      </QueryContent>
    </SectionCard>
  );
}
