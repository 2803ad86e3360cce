/** The settings pages' API under /services/admin: users, teams, clients. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { adminClientRoutes } from './clients-routes';
import { reviewThresholdRoutes } from './review-threshold-routes';
import { adminTeamRoutes } from './teams-routes';
import { adminUserRoutes } from './users-routes';

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminUserRoutes(app, ctx);
  adminTeamRoutes(app, ctx);
  adminClientRoutes(app, ctx);
  reviewThresholdRoutes(app, ctx);
}
