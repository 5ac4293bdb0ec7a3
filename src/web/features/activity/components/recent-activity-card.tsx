import { useQuery } from '@tanstack/react-query';
import { recentActivityQueryOptions } from '../api/activity-api.ts';
import { ActivityList } from './activity-list.tsx';

/** The dashboard's Recent activity (admins): the company's latest changes, newest first. */
export default function RecentActivityCard() {
  const recent = useQuery(recentActivityQueryOptions());
  return <ActivityList title="Recent activity" query={recent} ofThisRecord={false} />;
}
