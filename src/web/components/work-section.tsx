import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryStateLine, SectionAction, SectionCard } from './section-card.tsx';

/**
 * A titled section of a record's page holding the record's own work (a grant's tasks, its
 * requirements): a button that adds one, a line while `query` loads, its error when it failed,
 * then `children`.
 */
export function WorkSection({
  title,
  addLabel,
  onAdd,
  query,
  loading,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  query: UseQueryResult<unknown>;
  /** What shows while the list loads: 'Loading tasks...'. */
  loading: string;
  children: ReactNode;
}) {
  return (
    <SectionCard
      title={title}
      action={
        <SectionAction icon={IconPlus} variant="light" onClick={onAdd}>
          {addLabel}
        </SectionAction>
      }
    >
      <QueryStateLine query={query} loading={loading} />
      {children}
    </SectionCard>
  );
}
