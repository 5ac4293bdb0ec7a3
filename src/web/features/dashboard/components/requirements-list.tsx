import { Badge, Group } from '@mantine/core';
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
  now = new Date(),
}: {
  requirements: DueRequirement[];
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
    />
  );
}
