import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../domain/common.ts';
import {
  notificationSchema,
  reminderPreferencesPatchSchema,
  reminderPreferencesSchema,
  reminderSettingsPatchSchema,
  reminderSettingsSchema,
  unreadCountSchema,
} from '../../../domain/reminders.ts';
import { actAsAdmin } from '../../accounts/members.ts';
import { notFound } from '../../lib/errors.ts';
import { adminsOnly, requireUser, stillSignedIn } from '../../lib/guards.ts';
import { restrictedRecordErrors } from '../../lib/schemas.ts';
import { createRemindersRepository } from './reminders.repository.ts';

/**
 * The notifications menu (deadline reminders and Monday's digest, made by the reminder queue),
 * the company's reminder settings and each user's own choice of what comes to them.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reminders = createRemindersRepository(app.db);

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's newest notifications (20), newest first",
        response: { 200: z.array(notificationSchema), ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return reminders.list(user.companyId, user.id);
    },
  );

  app.get(
    '/notifications/unread',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the signed-in user's notifications are unread",
        response: { 200: unreadCountSchema, ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { unread: await reminders.unreadCount(user.companyId, user.id) };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        params: idParams,
        response: { 204: z.null(), ...restrictedRecordErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const marked = await reminders.markRead(user.companyId, user.id, request.params.id);
      if (!marked) throw notFound('Notification');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all of your notifications read',
        response: { 204: z.null(), ...restrictedRecordErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await reminders.markRead(user.companyId, user.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/organization/reminders',
    {
      schema: {
        tags: ['organization'],
        summary:
          "The organization's reminder settings: its time zone and how many days before a deadline reminders go out",
        response: { 200: reminderSettingsSchema, ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return stillSignedIn(await reminders.settings(user.companyId));
    },
  );

  app.patch(
    '/organization/reminders',
    {
      preValidation: adminsOnly,
      schema: {
        tags: ['organization'],
        summary:
          "Change the organization's reminder settings (admins; fields left out keep their value)",
        body: reminderSettingsPatchSchema,
        response: { 200: reminderSettingsSchema, ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const settings = await actAsAdmin(app.db, request, (admin, tx) =>
        reminders.updateSettings(admin.companyId, request.body, tx),
      );
      return stillSignedIn(settings);
    },
  );

  app.get(
    '/user/reminders',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether deadline reminders and the Monday digest come to the signed-in user',
        response: { 200: reminderPreferencesSchema, ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return stillSignedIn(await reminders.preferences(user.companyId, user.id));
    },
  );

  app.patch(
    '/user/reminders',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn deadline reminders or the Monday digest on or off for yourself',
        body: reminderPreferencesPatchSchema,
        response: { 200: reminderPreferencesSchema, ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return stillSignedIn(
        await reminders.updatePreferences(user.companyId, user.id, request.body),
      );
    },
  );
};
