import type { Role } from '../../../domain/company.ts';
import { roleWithArticle } from '../../../domain/wording.ts';
import { escapeHtml, type Mail } from '../../lib/mailer.ts';

/** The invitation message: who invites, to which organization, as what, and the link. */
export function invitationEmail(input: {
  to: string;
  inviteeName: string;
  inviterName: string;
  companyName: string;
  role: Role;
  link: string;
  expiresAt: Date;
}): Mail {
  const { inviteeName, inviterName, companyName, role, link } = input;
  const expires = input.expiresAt.toUTCString();
  const text = [
    `Hello ${inviteeName},`,
    '',
    `${inviterName} has invited you to join ${companyName} on Grantwell as ${roleWithArticle(role)}.`,
    '',
    'Accept the invitation and choose your username and password here:',
    link,
    '',
    `The link works until ${expires}.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(inviteeName)},</p>
<p>${escapeHtml(inviterName)} has invited you to join <strong>${escapeHtml(companyName)}</strong> on Grantwell as ${escapeHtml(roleWithArticle(role))}.</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p>The link works until ${escapeHtml(expires)}.</p>`;
  return {
    to: input.to,
    subject: `${inviterName} invited you to join ${companyName} on Grantwell`,
    text,
    html,
  };
}
