import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema, loginSchema, registerSchema } from '../../../domain/auth.ts';
import { findLogin } from '../../accounts/users.ts';
import type { Transaction } from '../../db/client.ts';
import { beforeCompanyIsKnown } from '../../db/scope.ts';
import { clientOf } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { errorBodySchema } from '../../lib/schemas.ts';
import { endSession, startSession } from '../../plugins/session.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createThrottle } from './throttle.ts';

const BAD_CREDENTIALS = 'Invalid username or password';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthRepository(app.db);
  const throttle = createThrottle(app.db);

  const signIn = async (
    request: Parameters<typeof startSession>[0],
    reply: Parameters<typeof startSession>[1],
    account: { id: number; companyId: number; passwordHash?: string },
    within?: Transaction,
  ) => {
    // The account may have been removed, or given a new password, since its password was checked.
    const user =
      (await startSession(request, reply, account, within)) &&
      (await auth.getCurrentUser(account.companyId, account.id, within));
    if (!user) throw new AppError('UNAUTHENTICATED', BAD_CREDENTIALS);
    return user;
  };

  app.post(
    '/register',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Create a company and its first user (an admin), and sign in',
        body: registerSchema,
        response: {
          201: currentUserSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // A taken username is a failure: an address may not probe for usernames without end.
      const user = await throttle.run(request, reply, { action: 'register' }, async () => {
        const passwordHash = await hashPassword(request.body.password, clientOf(request));
        // One transaction: the company, its admin and the first session, or none of them.
        return beforeCompanyIsKnown(app.db, async (tx) => {
          const account = await auth.registerCompany(request.body, passwordHash, tx);
          return signIn(request, reply, account, tx);
        });
      });
      await throttle.signedIn(request, request.body.username);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: loginSchema,
        response: {
          200: currentUserSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const call = { action: 'sign-in', username } as const;
      const account = await throttle.run(request, reply, call, async () => {
        const found = await findLogin(app.db, username);
        const valid = found
          ? await verifyPassword(found.passwordHash, password, clientOf(request))
          : await verifyAgainstNothing(password, clientOf(request));
        if (!found || !valid) throw new AppError('UNAUTHENTICATED', BAD_CREDENTIALS);
        return found;
      });
      return signIn(request, reply, account);
    },
  );

  app.post(
    '/logout',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'End the current session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, 401: errorBodySchema },
      },
    },
    async (request) => requireUser(request),
  );
};
