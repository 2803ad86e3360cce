/** The compliance home page's figures (ADR 046). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HomeSummarySchema } from '#shared/home';
import type { AppContext } from '../app-context';
import { batchCallerOf } from '../access/batch-scope';
import { homeSummary } from './summary';

/** Who sees what the month's searches cost: those who see the account's billing. */
const BILLING_ROLES = ['account_owner_user', 'paying_user', 'system_admin_user'];

export function homeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/services/home/summary', { schema: { response: { 200: HomeSummarySchema } } }, async (request) =>
    homeSummary(ctx, await batchCallerOf(ctx.db, request), request.auth!.roles.some((role) => BILLING_ROLES.includes(role))),
  );
}
