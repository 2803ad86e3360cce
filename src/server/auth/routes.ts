/** Routes of sign-in, sign-out, current user, password reset and first-run setup. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CurrentUserSchema,
  LoginCodeSchema,
  LoginInputSchema,
  MessageSchema,
  PasswordResetCheckSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SetupInputSchema,
  SupportWidgetSchema,
  UsernameStatusSchema,
  ValidSchema,
} from '#shared/auth';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { jsonString } from '../http/json-string';
import { clearSessionCookie, setSessionCookie } from '../http/session';
import { revokeSession } from '../http/session-queries';
import { getCurrentUser } from './current-user';
import { completeSetup, isSetupTokenLive } from './first-admin';
import { logIn } from './login';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset';
import { setUpgradeCookie } from './upgrade-token';
import { usernameStatus } from './username-status';
import { AppError } from '../http/errors';
import { MESSAGES } from '#shared/messages';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  r.post('/services/user/login', { schema: { body: LoginInputSchema, } }, async (request, reply) => {
    const outcome = await logIn(db, config, {
      ...request.body,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      now: ctx.now(),
    });
    if (outcome.sessionToken) setSessionCookie(request, reply, outcome.sessionToken, config.sessionTtlHours * 3600);
    if (outcome.upgradeToken) setUpgradeCookie(request, reply, outcome.upgradeToken);
    return jsonString(reply, LoginCodeSchema.parse(outcome.code));
  });

  r.post('/services/user/logout', async (request, reply) => {
    if (request.auth) {
      await revokeSession(db, request.auth.sessionHash);
      await recordAudit(db, { action: 'logout', actorUserId: request.auth.userId, actorUsername: request.auth.username, clientId: request.auth.clientId, ip: request.ip });
    }
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  r.get('/services/user/info', { schema: { response: { 200: CurrentUserSchema } } }, async (request) =>
    getCurrentUser(db, request.auth!.userId),
  );

  r.get(
    '/services/user/status/:username',
    { schema: { params: z.object({ username: z.string().min(1).max(100) }) } },
    async (request, reply) =>
      jsonString(reply, UsernameStatusSchema.parse(await usernameStatus(ctx, request.params.username, request.ip))),
  );

  r.post(
    '/services/user/password-reset/request',
    { schema: { body: PasswordResetRequestSchema, response: { 200: MessageSchema } } },
    async (request) => ({
      message: await requestPasswordReset(ctx, { usernameOrEmail: request.body.usernameOrEmail, ip: request.ip }),
    }),
  );

  r.post('/services/user/password-reset', { schema: { body: PasswordResetSchema, response: { 200: MessageSchema } } }, async (request) => ({
    message: await resetPassword(db, { ...request.body, ip: request.ip, now: ctx.now() }),
  }));

  // The reset page asks before showing its form; the token travels in a body, never in a URL that is logged.
  r.post('/services/user/password-reset/check', { schema: { body: PasswordResetCheckSchema, response: { 200: ValidSchema } } }, async (request) => {
    await checkResetLink(db, request.body.token, ctx.now());
    return { valid: true as const };
  });

  r.get('/services/setup/:token', { schema: { params: z.object({ token: z.string().max(200) }) } }, async (request) => {
    if (!(await isSetupTokenLive(db, request.params.token, ctx.now()))) throw new AppError('NOT_FOUND', MESSAGES.setupLinkInvalid);
    return { valid: true };
  });

  r.post('/services/setup', { schema: { body: SetupInputSchema, response: { 200: MessageSchema } } }, async (request) => ({
    message: await completeSetup(db, { ...request.body, ip: request.ip }, ctx.now()),
  }));

  r.get('/services/zendesk', { schema: { response: { 200: SupportWidgetSchema } } }, async (request) => {
    const user = await getCurrentUser(db, request.auth!.userId);
    return { appKey: config.zendeskAppKey ?? null, userId: String(request.auth!.userId), userName: user.fullName, userEmail: user.email, clientName: user.clientName };
  });
}


