import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  passwordResetOptionsSchema,
  passwordResetSchema,
} from '../../../domain/auth.ts';
import {
  ASK_AN_ADMIN,
  INVALID_RESET_LINK,
  PASSWORD_RESET_DONE,
  RESET_LINK_SENT,
} from '../../../domain/wording.ts';
import { findAccountsNamed } from '../../accounts/users.ts';
import { clientOf } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { errorBodySchema } from '../../lib/schemas.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { createPasswordResetRepository } from './password-reset.repository.ts';
import { passwordResetEmail } from './password-reset-email.ts';
import { createThrottle } from './throttle.ts';

const tags = ['auth'];
const messageSchema = z.object({ message: z.string() });

const HOUR_MS = 60 * 60 * 1000;
/** A reset link works for an hour, once. */
const LINK_VALID_MS = HOUR_MS;
/**
 * At most this many links to one account an hour, whoever asks: its owner's mailbox is not to be
 * flooded. Past it a request gets the usual answer and nothing is sent, so the answer never
 * tells whether the account exists.
 */
const LINKS_PER_ACCOUNT_PER_HOUR = 3;

/** Public: whoever forgot their password is signed out. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const resets = createPasswordResetRepository(app.db);
  const throttle = createThrottle(app.db);

  // Links are issued and emailed after the answer (so its timing does not tell whether an
  // account matched); a server that closes waits for those on their way, each bounded by the
  // mailer's timeouts.
  const sending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(sending);
  });

  /** Issues a link to each account `usernameOrEmail` names (within its hourly limit) and mails it. */
  async function sendLinks(usernameOrEmail: string, log: FastifyBaseLogger) {
    const accounts = await findAccountsNamed(app.db, usernameOrEmail);
    const since = new Date(Date.now() - HOUR_MS);
    const mails: Promise<void>[] = [];
    for (const account of accounts) {
      const token = newToken();
      const expiresAt = new Date(Date.now() + LINK_VALID_MS);
      const issued = await resets.issue(
        account,
        { tokenHash: hashToken(token), expiresAt },
        { since, perWindow: LINKS_PER_ACCOUNT_PER_HOUR },
      );
      if (issued !== 'issued') continue;
      // Links come from APP_URL alone, never from the request's Host header.
      const link = new URL('/reset-password', app.config.appUrl);
      link.searchParams.set('token', token);
      const mail = passwordResetEmail({
        ...account,
        to: account.email,
        link: link.href,
        expiresAt,
      });
      mails.push(
        app.mailer.send(mail).catch((error: unknown) => {
          log.error({ err: error }, 'password reset email failed');
        }),
      );
    }
    await Promise.all(mails);
  }

  app.get(
    '/password-reset',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Whether a forgotten password can be reset by email here',
        response: { 200: passwordResetOptionsSchema },
      },
    },
    async () => ({ byEmail: app.mailer.delivers }),
  );

  app.post(
    '/password-reset',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Email a reset link to the account named by username or email. The same answer whether or not one matches.',
        body: forgotPasswordSchema,
        response: {
          202: messageSchema,
          400: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Without a mail server nobody would receive the link: an admin resets passwords instead.
      if (!app.mailer.delivers) throw new AppError('UNAVAILABLE', ASK_AN_ADMIN);
      // Every request counts against its address, whatever it names.
      await throttle.run(request, reply, { action: 'forgot-password' }, async () => {});
      // The accounts are looked up, and links issued and sent, after the answer: it takes as
      // long whether or not an account matches.
      const delivery = sendLinks(request.body.usernameOrEmail, request.log).catch(
        (error: unknown) => {
          request.log.error({ err: error }, 'could not issue password reset links');
        },
      );
      sending.add(delivery);
      void delivery.finally(() => sending.delete(delivery));
      return reply.code(202).send({ message: RESET_LINK_SENT });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Set a new password with the token of an emailed link (once, within the hour). Every session of the user ends.',
        body: passwordResetSchema,
        response: { 200: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const tokenHash = hashToken(token);
      await throttle.run(request, reply, { action: 'reset-password' }, async () => {
        // The link is checked before the password is hashed: a dead link costs no argon2 time.
        const account = await resets.find(tokenHash);
        if (!account) throw new AppError('INVALID_INPUT', INVALID_RESET_LINK);
        const reset = await resets.redeem(
          account,
          tokenHash,
          await hashPassword(password, clientOf(request)),
        );
        if (!reset) throw new AppError('INVALID_INPUT', INVALID_RESET_LINK);
        await throttle.passwordReset(account.username);
      });
      return { message: PASSWORD_RESET_DONE };
    },
  );
};
