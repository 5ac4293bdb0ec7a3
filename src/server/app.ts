import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { actingAs } from './db/actor.ts';
import { openDatabase } from './db/client.ts';
import { createDownloadSlots, createMakingTurns } from './lib/downloads.ts';
import { signedInUnlessPublic } from './lib/guards.ts';
import { createMailer } from './lib/mailer.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { createUploadMemory } from './lib/uploads.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import { profileRoutes } from './modules/auth/profile.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { fundersRoutes } from './modules/funders/funders.routes.ts';
import { grantsRoutes } from './modules/grants/grants.routes.ts';
import { requirementsRoutes } from './modules/grants/requirements.routes.ts';
import { tasksRoutes } from './modules/grants/tasks.routes.ts';
import { interactionsRoutes } from './modules/interactions/interactions.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { opportunitiesRoutes } from './modules/opportunities/opportunities.routes.ts';
import { notificationsRoutes } from './modules/reminders/notifications.routes.ts';
import { startReminderJobs } from './modules/reminders/reminder-jobs.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { clientError, errorHandlerPlugin, frameworkError } from './plugins/error-handler.ts';
import { etagPlugin } from './plugins/etag.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { requestDeadlinePlugin } from './plugins/request-deadline.ts';
import { routeBodiesPlugin } from './plugins/route-bodies.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { webAppPlugin } from './plugins/web-app.ts';

/** JSON bodies above this are refused with 413; file uploads set their own limit. */
const BODY_LIMIT_BYTES = 1024 * 1024;

function loggerOptions(config: AppConfig) {
  if (config.logLevel === 'silent') return false;
  if (config.env === 'development') {
    return { level: config.logLevel, transport: { target: 'pino-pretty' } };
  }
  return { level: config.logLevel };
}

/**
 * What the request log calls a request: its path without the query string, which carries reset
 * and invitation tokens and the words people search for, and a route's pattern in place of a
 * path that holds a token (`/api/invitations/:token`).
 */
function loggedPath(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? '';
  const params = request.params;
  const holdsToken = typeof params === 'object' && params !== null && 'token' in params;
  return holdsToken ? (request.routeOptions.url ?? path) : path;
}

/** Builds the whole application (database included) without listening. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const database = await openDatabase(config.database, config.limits);
  const app = Fastify({
    logger: loggerOptions(config),
    // One line per request, written when it is answered (below), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A JSON key that would reach an object's prototype (`__proto__`, `constructor.prototype`)
    // is left out as any field a route does not know is, rather than refusing the body as not
    // JSON, which it is.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('mailer', createMailer(config));
  // Exports and calendar feeds each have slots of their own: calendar applications polling at
  // the same moment took every slot of their company, and its members' exports were refused.
  // Both make their files in the same turns of each company (lib/downloads.ts).
  const { downloadsPerCompanyAtOnce, downloadsAtOnce } = config.limits;
  const making = createMakingTurns();
  app.decorate(
    'downloads',
    createDownloadSlots(downloadsPerCompanyAtOnce, downloadsAtOnce, making),
  );
  app.decorate(
    'calendarDownloads',
    createDownloadSlots(downloadsPerCompanyAtOnce, downloadsAtOnce, making),
  );
  app.decorate(
    'uploadMemory',
    createUploadMemory(config.limits.uploadMemoryBytes, config.limits.uploadMemoryPerCompanyBytes),
  );
  const reminderJobs = config.reminders.run
    ? await startReminderJobs({
        db: database.db,
        mailer: app.mailer,
        appUrl: config.appUrl,
        intervalSeconds: config.reminders.intervalSeconds,
        log: app.log,
      })
    : null;
  app.decorate('reminderJobs', reminderJobs);
  app.addHook('onListen', async () => {
    reminderJobs?.proposeScans();
  });
  app.addHook('onClose', async () => {
    // The queue's workers finish their jobs first: they use the mailer and the database.
    await reminderJobs?.stop();
    app.mailer.close();
    await database.close();
  });
  // While shutting down, answers to requests in flight close their connection, so a client's
  // keep-alive socket cannot hold the process open after the last response.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: loggedPath(request),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(requestDeadlinePlugin);
  await app.register(securityHeadersPlugin);
  // JSON endpoints take JSON only: any other body type is answered 415.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyMultipart);
  await app.register(routeBodiesPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Grantwell API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'grantwell_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  // Every route, as registered: the permission-matrix test checks it knows each one.
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
    }
  });

  await app.register(originCheckPlugin);
  await app.register(sessionPlugin);
  // Each handler runs as the request's signed-in user, whom its writes name (db/actor.ts).
  app.addHook('preHandler', (request, _reply, done) =>
    actingAs(request.currentUser?.id ?? null, done),
  );
  await app.register(etagPlugin);
  for (const routes of [
    authRoutes,
    profileRoutes,
    passwordResetRoutes,
    contactsRoutes,
    interactionsRoutes,
    grantsRoutes,
    tasksRoutes,
    requirementsRoutes,
    dashboardRoutes,
    opportunitiesRoutes,
    fundersRoutes,
    calendarRoutes,
    reportsRoutes,
    searchRoutes,
    activityRoutes,
    notificationsRoutes,
    companyRoutes,
    invitationsRoutes,
  ]) {
    await app.register(
      async (api) => {
        api.addHook('preValidation', signedInUnlessPublic);
        await api.register(routes);
      },
      { prefix: '/api' },
    );
  }
  await app.register(webAppPlugin);
  return app;
}
