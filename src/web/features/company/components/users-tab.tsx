import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconMail, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Invitation, InvitationLink, TeamMember } from '../../../../domain/company.ts';
import { roleLabel } from '../../../../domain/wording.ts';
import { askConfirmation } from '../../../components/confirm.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SimpleTable } from '../../../components/simple-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { changeWithNotice, notifyError } from '../../../lib/notify.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import {
  companyKeys,
  useCancelInvitation,
  useInvitations,
  useNewInvitationLink,
  useTeam,
} from '../api/company-api.ts';
import { NewInvitationLinkDialog } from './invitation-link.tsx';
import { MemberActions } from './member-actions.tsx';
import { AddUserDialog, InviteUserDialog, ResetPasswordDialog } from './user-dialogs.tsx';

/** Why a list of the tab did not load: the server's message, or else `fallback`. */
function LoadError({ error, fallback }: { error: Error; fallback: string }) {
  return (
    <Alert color="red" title="Error">
      {errorMessage(error) || fallback}
    </Alert>
  );
}

export function UsersTab({ isAdmin }: { isAdmin: boolean }) {
  const { user } = useAuth();
  const team = useTeam();
  // Read with the team, shown under it once the team's table is: shown before, Invite User
  // moved down as the table came, under a pointer on its way to it.
  useInvitations(isAdmin);
  const admins = team.data?.filter((member) => member.role === 'admin').length ?? 0;
  const [dialog, setDialog] = useState<'invite' | 'add' | null>(null);
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  // An admin made a user elsewhere (found out when a change is refused) keeps no admin's dialog
  // open, as each could only be refused again, nor has one open again if made an admin again;
  // the team is read again, so their own row says what they now are.
  const queryClient = useQueryClient();
  const wasAdmin = useRef(isAdmin);
  useEffect(() => {
    if (!isAdmin) {
      setDialog(null);
      setResetting(null);
    }
    if (wasAdmin.current !== isAdmin)
      void queryClient.invalidateQueries({ queryKey: companyKeys.team() });
    wasAdmin.current = isAdmin;
  }, [isAdmin, queryClient]);

  return (
    <Stack gap="lg">
      <SectionCard
        title="Team Members"
        action={
          isAdmin && (
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              onClick={() => setDialog('add')}
            >
              Add User
            </Button>
          )
        }
      >
        {team.isPending ? (
          <Loader aria-label="Loading users" />
        ) : team.isError ? (
          <LoadError error={team.error} fallback="Failed to load users" />
        ) : (
          <SimpleTable
            minWidth={600}
            headers={['Name', 'Email', 'Username', 'Role', isAdmin && 'Actions']}
          >
            {team.data.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  {member.name}
                  {member.id === user?.id && (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      (you)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>{member.username}</Table.Td>
                <Table.Td>
                  <Badge variant={member.role === 'admin' ? 'filled' : 'default'} radius="sm">
                    {roleLabel(member.role)}
                  </Badge>
                </Table.Td>
                {isAdmin && (
                  <Table.Td w={80}>
                    <MemberActions
                      member={member}
                      onlyAdmin={member.role === 'admin' && admins === 1}
                      onResetPassword={() => setResetting(member)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </SectionCard>
      {isAdmin && !team.isPending && <PendingInvitations onInvite={() => setDialog('invite')} />}
      {isAdmin && (
        <>
          <InviteUserDialog opened={dialog === 'invite'} onClose={() => setDialog(null)} />
          <AddUserDialog opened={dialog === 'add'} onClose={() => setDialog(null)} />
          <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} />
        </>
      )}
    </Stack>
  );
}

/**
 * The invitations not yet answered, with Invite User beside their heading: the focus goes there
 * when the last one is cancelled (keep-focus-in-rows.ts), not back to the top of the page.
 */
function PendingInvitations({ onInvite }: { onInvite: () => void }) {
  const invitations = useInvitations(true);
  const cancel = useCancelInvitation();
  const renew = useNewInvitationLink();
  const [renewed, setRenewed] = useState<(InvitationLink & { name: string }) | null>(null);
  const askNewLink = (invitation: Invitation) =>
    askConfirmation({
      title: 'New Invitation Link',
      message: `Make a new link for ${invitation.name}? The link sent before will stop working.`,
      confirmLabel: 'Make new link',
      onConfirm: async () => {
        try {
          const link = await renew.mutateAsync(invitation.id);
          setRenewed({ ...link, name: invitation.name });
        } catch (error) {
          notifyError('Error making a new link', errorMessage(error));
        }
      },
    });
  const cancelOne = (invitation: Invitation) =>
    askConfirmation({
      title: 'Cancel Invitation',
      message: `Cancel the invitation for ${invitation.name} (${invitation.email})? Its link will stop working.`,
      confirmLabel: 'Cancel invitation',
      onConfirm: () =>
        changeWithNotice(
          () => cancel.mutateAsync(invitation.id),
          'Invitation cancelled',
          'Error cancelling invitation',
        ),
    });

  return (
    <SectionCard
      title="Pending Invitations"
      action={
        <Button
          variant="default"
          leftSection={<IconMail size={16} aria-hidden="true" />}
          onClick={onInvite}
        >
          Invite User
        </Button>
      }
    >
      {invitations.isPending ? (
        <Loader aria-label="Loading invitations" />
      ) : invitations.isError ? (
        <LoadError error={invitations.error} fallback="Failed to load invitations" />
      ) : invitations.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No pending invitations.
        </Text>
      ) : (
        <SimpleTable
          minWidth={600}
          headers={[
            'Name',
            'Email',
            'Role',
            'Status',
            'Expires',
            <VisuallyHidden key="actions">Actions</VisuallyHidden>,
          ]}
        >
          {invitations.data.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td>{invitation.name}</Table.Td>
              <Table.Td>{invitation.email}</Table.Td>
              <Table.Td>{roleLabel(invitation.role)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color="yellow" c="dark.8" radius="sm">
                  {invitation.status}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(invitation.expiresAt)}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => askNewLink(invitation)}
                    aria-label={`Copy new link for ${invitation.name}`}
                  >
                    Copy new link
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => cancelOne(invitation)}
                    aria-label={`Cancel invitation for ${invitation.name}`}
                  >
                    Cancel
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </SimpleTable>
      )}
      <NewInvitationLinkDialog shown={renewed} onClose={() => setRenewed(null)} />
    </SectionCard>
  );
}
