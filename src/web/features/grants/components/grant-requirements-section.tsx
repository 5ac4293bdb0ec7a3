import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { lazy, useRef, useState } from 'react';
import { startOfDay } from '../../../../domain/due-dates.ts';
import {
  type RequirementStatus,
  requirementStatuses,
  requirementStatusLabels,
  requirementTypeLabels,
} from '../../../../domain/requirement-constants.ts';
import type { Requirement } from '../../../../domain/requirements.ts';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { StatusSelect } from '../../../components/status-select.tsx';
import { WorkSection } from '../../../components/work-section.tsx';
import { choicesOf } from '../../../lib/choices.ts';
import { browserTimeZone, formatDate } from '../../../lib/format.ts';
import { useEditLatest } from '../../../lib/mutations.ts';
import { changeWithNotice } from '../../../lib/notify.ts';
import { useTeam } from '../../company/api/company-api.ts';
import {
  grantRequirementsQueryOptions,
  useDeleteRequirement,
  useGrantRequirements,
  useUpdateRequirement,
} from '../api/requirements-api.ts';

const RequirementDialog = lazy(() => import('./requirement-dialog.tsx'));

const statusChoices = choicesOf(requirementStatuses, requirementStatusLabels);

/**
 * 'Requirements': what the funder asks for and when (a letter of inquiry, reports, a site visit),
 * soonest due first, each with its status, who delivers it, and whether it is late.
 */
export default function GrantRequirementsSection({ grantId }: { grantId: number }) {
  const requirements = useGrantRequirements(grantId);
  const team = useTeam();
  const remove = useDeleteRequirement();
  const [dialog, setDialog] = useState<{ requirement?: Requirement } | null>(null);
  // As the last save left it: its status may have been changed a moment ago.
  const edit = useEditLatest(grantRequirementsQueryOptions(grantId).queryKey, (requirement) =>
    setDialog({ requirement }),
  );
  const names = new Map((team.data ?? []).map((member) => [member.id, member.name]));
  const today = startOfDay(new Date(), browserTimeZone()).getTime();

  // The requirements whose delete is under way: asked again, each is as good as gone.
  const deleting = useRef(new Set<number>());
  const askDelete = (requirement: Requirement) => {
    if (deleting.current.has(requirement.id)) return;
    confirmDelete({
      title: 'Delete requirement',
      message: `Delete ${requirement.name}? This cannot be undone.`,
      onConfirm: async () => {
        deleting.current.add(requirement.id);
        try {
          await changeWithNotice(
            () =>
              remove.mutateAsync({
                grantId,
                requirementId: requirement.id,
                version: requirement.updatedAt,
              }),
            'Requirement deleted',
            'Error deleting requirement',
          );
        } finally {
          deleting.current.delete(requirement.id);
        }
      },
    });
  };

  const list = requirements.data ?? [];
  return (
    <WorkSection
      title="Requirements"
      addLabel="New Requirement"
      onAdd={() => setDialog({})}
      query={requirements}
      loading="Loading requirements..."
    >
      {requirements.isSuccess && list.length === 0 && (
        <Text c="dimmed">
          No requirements yet: add the reports and deliverables the funder asks for.
        </Text>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((requirement) => {
          const assignee =
            requirement.assigneeId === null ? null : names.get(requirement.assigneeId);
          // Assigned to someone whose name has not come (the team still read, or not read).
          const assigned =
            requirement.assigneeId === null
              ? 'Unassigned'
              : assignee
                ? `Assigned to ${assignee}`
                : 'Assigned';
          const late = requirement.status === 'pending' && Date.parse(requirement.dueDate) < today;
          return (
            <li key={requirement.id}>
              <Card withBorder padding="sm" radius="sm">
                <Group justify="space-between" align="flex-start">
                  <div style={{ flex: '1 1 16rem' }}>
                    <Text fw={500}>{requirement.name}</Text>
                    <Group gap="xs" mt={4}>
                      <Badge variant="light" size="sm">
                        {requirementTypeLabels[requirement.type]}
                      </Badge>
                      <Text size="sm">Due {formatDate(requirement.dueDate)}</Text>
                      {late && (
                        <Badge color="red" variant="light" size="sm">
                          Overdue
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed" mt={4}>
                      {assigned}
                    </Text>
                    {requirement.notes && (
                      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                        {requirement.notes}
                      </Text>
                    )}
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <RequirementStatusSelect grantId={grantId} requirement={requirement} />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${requirement.name}`}
                      onClick={() => edit(requirement.id)}
                    >
                      <IconPencil size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${requirement.name}`}
                      onClick={() => askDelete(requirement)}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            </li>
          );
        })}
      </Stack>
      <LoadWhenOpened opened={dialog !== null}>
        <RequirementDialog
          opened={dialog !== null}
          onClose={() => setDialog(null)}
          grantId={grantId}
          requirement={dialog?.requirement}
        />
      </LoadWhenOpened>
    </WorkSection>
  );
}

/** A requirement's status, changed in place: while it is saved, the others may be changed too. */
function RequirementStatusSelect({
  grantId,
  requirement,
}: {
  grantId: number;
  requirement: Requirement;
}) {
  const update = useUpdateRequirement();
  const setStatus = async (status: RequirementStatus) => {
    if (status === requirement.status) return;
    await changeWithNotice(
      () =>
        update.mutateAsync({
          grantId,
          requirementId: requirement.id,
          input: { status },
          version: requirement.updatedAt,
        }),
      'Requirement status updated',
      'Error updating requirement',
    );
  };
  return (
    <StatusSelect
      label={`Status of ${requirement.name}`}
      value={requirement.status}
      data={statusChoices}
      width={130}
      saving={update.isPending}
      onChange={(status) => void setStatus(status)}
    />
  );
}
