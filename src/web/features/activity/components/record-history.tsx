import { lazy, Suspense } from 'react';
import type { ActivityEntity } from '../../../../domain/activity.ts';

// Loads its code with its data, after the record's own sections.
const HistorySection = lazy(() => import('./history-section.tsx'));

/** The History section of a record's page. */
export function RecordHistory({ entity, id }: { entity: ActivityEntity; id: number }) {
  return (
    <Suspense fallback={null}>
      {/* Another record's is another History: what this one read is not carried over. */}
      <HistorySection key={`${entity}:${id}`} entity={entity} id={id} />
    </Suspense>
  );
}
