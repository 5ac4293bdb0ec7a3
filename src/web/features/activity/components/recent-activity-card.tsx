import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryContent, SectionCard } from '../../../components/section-card.tsx';
import { recentActivityQueryOptions } from '../api/activity-api.ts';
import { ActivityLine } from './activity-line.tsx';

/** The dashboard's Recent activity (admins): the company's latest changes, newest first. */
export default function RecentActivityCard() {
  const recent = useQuery(recentActivityQueryOptions());
  return (
    <SectionCard title="Recent activity">
      <QueryContent query={recent} loading="Loading recent activity...">
        {(entries) =>
          entries.length === 0 ? (
            <Text c="dimmed">No changes recorded yet</Text>
          ) : (
            <List spacing="xs" size="sm" listStyleType="none">
              {entries.map((entry) => (
                <List.Item key={entry.id}>
                  <ActivityLine entry={entry} ofThisRecord={false} />
                </List.Item>
              ))}
            </List>
          )
        }
      </QueryContent>
    </SectionCard>
  );
}
