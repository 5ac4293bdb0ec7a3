import { useQuery } from '@tanstack/react-query';
import type { ActivityEntity } from '../../../../domain/activity.ts';
import { recordHistoryQueryOptions } from '../api/activity-api.ts';
import { ActivityList } from './activity-list.tsx';

/** A record's history, newest first: who created it, and who changed what, when. */
export default function HistorySection({ entity, id }: { entity: ActivityEntity; id: number }) {
  const history = useQuery(recordHistoryQueryOptions(entity, id));
  return <ActivityList title="History" query={history} ofThisRecord />;
}
