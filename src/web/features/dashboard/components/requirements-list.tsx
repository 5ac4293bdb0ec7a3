import { Badge, Group, Text } from '@mantine/core';
import { startOfDay } from '../../../../domain/due-dates.ts';
import {
  REQUIREMENTS_DUE_WITHIN_DAYS,
  requirementTypeLabels,
} from '../../../../domain/requirement-constants.ts';
import type { DueRequirement } from '../../../../domain/requirements.ts';
import { browserTimeZone, formatDate } from '../../../lib/format.ts';
import { DashboardList } from './dashboard-list.tsx';

/**
 * The grants' pending requirements overdue or due soon: each named with its type and grant, and
 * leading to the grant's page, where it is delivered.
 */
export function RequirementsList({
  requirements,
  total,
  now = new Date(),
}: {
  requirements: DueRequirement[];
  /** How many are due so, those shown among them (the first, soonest due). */
  total: number;
  now?: Date;
}) {
  // Late once the day it was due is over where the user is, as tasks are.
  const today = startOfDay(now, browserTimeZone()).getTime();
  return (
    <DashboardList
      title="Grant Requirements Due"
      empty={`No requirements due in the next ${REQUIREMENTS_DUE_WITHIN_DAYS} days`}
      items={requirements.map((requirement) => ({
        id: requirement.id,
        href: `/grants/${requirement.grantId}`,
        name: requirement.name,
        detail: (
          <Group gap="xs">
            <span>{`${requirementTypeLabels[requirement.type]} · ${requirement.grantName}`}</span>
            {Date.parse(requirement.dueDate) < today && (
              <Badge color="red" variant="light" size="sm">
                Overdue
              </Badge>
            )}
          </Group>
        ),
        when: formatDate(requirement.dueDate),
      }))}
      footer={
        // No page lists every grant's requirements: each grant's page lists its own.
        total > requirements.length && (
          <Text size="sm" c="dimmed" mt="md">
            {`Showing ${requirements.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}, the soonest due: each grant's page lists all of its own`}
          </Text>
        )
      }
    />
  );
}
