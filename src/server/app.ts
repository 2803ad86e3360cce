/** Builds the Fastify app from its context; never listens (main.ts does). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { accountRoutes } from './accounts/routes';
import { invitationRoutes } from './accounts/invitation-routes';
import { apiKeyRoutes } from './api-keys/routes';
import { analyticsRoutes } from './analytics/routes';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { batchRoutes } from './batches/routes';
import { queueRoutes } from './batches/queue-routes';
import { healthRoutes } from './health/routes';
import { billingRoutes } from './billing/routes';
import { homeRoutes } from './home/routes';
import { monitoringRoutes } from './monitoring/routes';
import { rosterIntakeRoutes } from './monitoring/intake-routes';
import { resultRoutes } from './results/routes';
import { triageRoutes } from './results/triage-routes';
import { interactiveSearchRoutes } from './interactive/routes';
import { listRoutes } from './lists/routes';
import { listAdminRoutes } from './lists/admin-routes';
import { publicApiRoutes } from './public-api/routes';
import { installAccessControl } from './http/access';
import { installNoStore } from './http/cache-control';
import { installDiskGuard, diskFullError, isDiskFullError } from './http/disk-space';
import { body, installErrorHandler } from './http/errors';
import { installSessions } from './http/session';
import { installTextInputGuard } from './http/text-input';

export async function createApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    // The process's logger (redaction, safe error serialisation: ADR 025), typed as Fastify's own.
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: ctx.config.bodyLimitBytes,
    // Bulk status changes carry up to 1,000 comma-separated ids in the path (ADR 015).
    routerOptions: { maxParamLength: 20_000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, { isDiskFull: isDiskFullError, answer: (request) => diskFullError(ctx.config.dataDir, request) });
  await app.register(cookie);
  // The support chat widget loads from Zendesk's hosts, allowed only when it is configured.
  const chatHosts = ctx.config.zendeskAppKey ? ['https://static.zdassets.com', 'https://*.zendesk.com', 'https://*.zdassets.com', 'wss://*.zendesk.com'] : [];
  // Braintree's drop-in card form (scripts, hosted-field frames, client API), allowed only when Braintree is configured.
  const cardHosts = ctx.config.braintree
    ? ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com', 'https://*.braintreegateway.com', 'https://*.braintree-api.com', 'https://c.paypal.com', 'https://*.paypal.com']
    : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'", ...chatHosts, ...cardHosts],
        imgSrc: ["'self'", 'data:', ...chatHosts, ...cardHosts],
        scriptSrc: ["'self'", ...chatHosts, ...cardHosts],
        connectSrc: ["'self'", ...chatHosts, ...cardHosts],
        frameSrc: chatHosts.length || cardHosts.length ? [...chatHosts, ...cardHosts] : ["'none'"],
      },
    },
  });
  // Batch uploads: one file, streamed; the size limit answers the app's own message.
  await app.register(multipart, { limits: { files: 1, fileSize: ctx.config.uploadMaxBytes, fields: 10 } });
  // Before a byte of an upload is stored: a nearly full DATA_DIR refuses it (ADR 112).
  installDiskGuard(app, ctx.config.dataDir);
  installNoStore(app);
  installSessions(app, ctx.database, ctx.now);
  // Before the access control, which puts its check ahead of this one (see text-input.ts).
  installTextInputGuard(app);
  installAccessControl(app);

  healthRoutes(app, ctx);
  authRoutes(app, ctx);
  analyticsRoutes(app, ctx);
  adminRoutes(app, ctx);
  listRoutes(app, ctx);
  listAdminRoutes(app, ctx);
  batchRoutes(app, ctx);
  queueRoutes(app, ctx);
  accountRoutes(app, ctx);
  invitationRoutes(app, ctx);
  billingRoutes(app, ctx);
  resultRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  rosterIntakeRoutes(app, ctx);
  homeRoutes(app, ctx);
  triageRoutes(app, ctx);
  interactiveSearchRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  await publicApiRoutes(app, ctx);

  const webDir = ctx.config.webDir;
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDir, wildcard: false });
  // The React app's routes live in the browser: any other GET answers index.html.
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/services') || request.url.startsWith('/api');
    if (hasWeb && request.method === 'GET' && !isApi) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send(body('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
  return app;
}
