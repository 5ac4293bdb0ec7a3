import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconKey, IconUserDown, IconUserMinus, IconUserUp } from '@tabler/icons-react';
import {
  LAST_ADMIN,
  OWN_PASSWORD_ELSEWHERE,
  type Role,
  type TeamMember,
} from '../../../../domain/company.ts';
import { roleLabel, roleWithArticle } from '../../../../domain/wording.ts';
import { askConfirmation } from '../../../components/confirm.tsx';
import { useMenuFocus } from '../../../components/menu-focus.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useChangeRole, useRemoveUser } from '../api/company-api.ts';

const otherRole = (role: Role): Role => (role === 'admin' ? 'user' : 'admin');

/** An admin's menu on a team member's row: reset the password, change the role, remove. */
export function MemberActions({
  member,
  onlyAdmin,
  onResetPassword,
}: {
  member: TeamMember;
  /** Whether the member is the organization's only admin, who cannot step down. */
  onlyAdmin: boolean;
  /** Opens Reset Password (the menu's button has the focus, for the dialog to give it back). */
  onResetPassword: () => void;
}) {
  const { user } = useAuth();
  const { button, menu, target, dropdown } = useMenuFocus();
  const remove = useRemoveUser();
  const changeRole = useChangeRole();
  const isSelf = member.id === user?.id;
  const newRole = otherRole(member.role);

  const askRemove = () => {
    if (isSelf) {
      notifyError('Error', 'Cannot remove yourself');
      return;
    }
    askConfirmation({
      title: 'Remove User',
      message: `Remove ${member.name} from the organization? They will be signed out and can no longer sign in. Their records stay with the organization.`,
      confirmLabel: 'Remove',
      onConfirm: async () => {
        try {
          await remove.mutateAsync(member.id);
          notifySuccess('User removed');
        } catch (error) {
          notifyError('Error removing user', errorMessage(error));
        }
      },
    });
  };

  const giveNewRole = async () => {
    try {
      await changeRole.mutateAsync({ id: member.id, role: newRole });
      const who = isSelf ? 'You are' : `${member.name} is`;
      notifySuccess('Role changed', `${who} now ${roleWithArticle(newRole)}.`);
    } catch (error) {
      notifyError('Error changing role', errorMessage(error));
    }
  };

  // A role gives or takes an admin's tools (the organization, its team, invitations) at once:
  // whoever it is, the admin is asked first.
  const askRoleChange = () => {
    // Asked, the only admin would be refused once sure: they are told at once.
    if (onlyAdmin && newRole === 'user') {
      notifyError('Error changing role', LAST_ADMIN);
      return;
    }
    const tools = 'edit the organization, manage its team or invite anyone';
    askConfirmation({
      title: 'Change Role',
      message: isSelf
        ? `Make yourself a user? You will no longer be able to ${tools}. Another admin can make you an admin again.`
        : newRole === 'admin'
          ? `Make ${member.name} an admin? They will be able to ${tools.replace(' or ', ' and ')}, as you can.`
          : `Make ${member.name} a user? They will no longer be able to ${tools}.`,
      confirmLabel: `Make ${roleLabel(newRole)}`,
      onConfirm: giveNewRole,
    });
  };

  // Every item hands the focus to the menu's button before it acts: a question or dialog it opens
  // gives the focus back, when it closes, to what had it when it opened, the button rather than
  // the item, which is gone by then. When the member's row goes too (removed), the focus moves to
  // the same button of the row taking its place.
  const fromButton = (action: () => void) => () => {
    button.current?.focus();
    action();
  };

  const RoleIcon = newRole === 'admin' ? IconUserUp : IconUserDown;
  return (
    // The items give the focus back to the button themselves (useMenuFocus): Reset Password's
    // dialog puts it in the new-password field, from where Mantine's return would take it.
    <Menu position="bottom-end" {...menu}>
      <Menu.Target>
        <ActionIcon
          {...target}
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${member.name}`}
        >
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown {...dropdown}>
        <Menu.Item
          leftSection={<IconKey size={16} aria-hidden="true" />}
          onClick={fromButton(
            isSelf ? () => notifyError('Error', OWN_PASSWORD_ELSEWHERE) : onResetPassword,
          )}
        >
          Reset Password
        </Menu.Item>
        <Menu.Item
          leftSection={<RoleIcon size={16} aria-hidden="true" />}
          onClick={fromButton(askRoleChange)}
        >
          Make {roleLabel(newRole)}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconUserMinus size={16} aria-hidden="true" />}
          onClick={fromButton(askRemove)}
        >
          Remove User
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
