/** Routes of Teams / Team Settings (/admin/domainHierarchy). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClientScopeQuerySchema, CreateTeamInputSchema, TeamIdParamsSchema, TeamListSchema, UpdateTeamInputSchema } from '#shared/admin';
import type { AppContext } from '../app-context';
import { callerOf } from '../access/caller';
import { changeTeam, createTeam, listTeams } from './teams';

export function adminTeamRoutes(app: FastifyInstance, { db }: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: TeamListSchema };

  r.get('/services/admin/teams', { schema: { querystring: ClientScopeQuerySchema, response } }, (request) =>
    listTeams(db, callerOf(request), request.query.clientId),
  );

  r.post('/services/admin/teams', { schema: { body: CreateTeamInputSchema, response } }, (request) =>
    createTeam(db, callerOf(request), request.body),
  );

  r.put('/services/admin/teams/:teamId', { schema: { params: TeamIdParamsSchema, body: UpdateTeamInputSchema, response } }, (request) =>
    changeTeam(db, callerOf(request), request.params.teamId, request.body),
  );
}
