import { escapeHtml, type Mail } from '../../lib/mailer.ts';

/** The message with a reset link: which account it is for, the link, and how long it works. */
export function passwordResetEmail(input: {
  to: string;
  name: string;
  username: string;
  companyName: string;
  link: string;
  expiresAt: Date;
}): Mail {
  const { name, username, companyName, link } = input;
  const expires = input.expiresAt.toUTCString();
  const account = `${username} at ${companyName}`;
  const text = [
    `Hello ${name},`,
    '',
    `Someone asked to reset the password of your Grantwell account ${account}.`,
    '',
    'Choose a new password here:',
    link,
    '',
    `The link works once, until ${expires}. If you did not ask for it, ignore this email: your password stays as it is.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your Grantwell account <strong>${escapeHtml(account)}</strong>.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once, until ${escapeHtml(expires)}. If you did not ask for it, ignore this email: your password stays as it is.</p>`;
  return { to: input.to, subject: 'Reset your Grantwell password', text, html };
}
