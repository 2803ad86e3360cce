/** Routes of the Users page (/admin/userManagement). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminUserSchema,
  ClientScopeQuerySchema,
  HistorySchema,
  MoveUserInputSchema,
  SetUserActiveInputSchema,
  UpdateUserRolesInputSchema,
  UserIdParamsSchema,
  UserListSchema,
} from '#shared/admin';
import type { AppContext } from '../app-context';
import { callerOf } from '../access/caller';
import { changeRoles, listUsers, moveUser, setActive, userHistory } from './users';

export function adminUserRoutes(app: FastifyInstance, { db }: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = UserIdParamsSchema;

  r.get('/services/admin/users', { schema: { querystring: ClientScopeQuerySchema, response: { 200: UserListSchema } } }, (request) =>
    listUsers(db, callerOf(request), request.query.clientId),
  );

  r.put('/services/admin/users/:userId/roles', { schema: { params, body: UpdateUserRolesInputSchema, response: { 200: AdminUserSchema } } }, (request) =>
    changeRoles(db, callerOf(request), request.params.userId, request.body.roles),
  );

  r.put('/services/admin/users/:userId/team', { schema: { params, body: MoveUserInputSchema, response: { 200: AdminUserSchema } } }, (request) =>
    moveUser(db, callerOf(request), request.params.userId, request.body.teamId),
  );

  r.put('/services/admin/users/:userId/active', { schema: { params, body: SetUserActiveInputSchema, response: { 200: AdminUserSchema } } }, (request) =>
    setActive(db, callerOf(request), request.params.userId, request.body.isActive),
  );

  r.get('/services/admin/users/:userId/history', { schema: { params, response: { 200: HistorySchema } } }, (request) =>
    userHistory(db, callerOf(request), request.params.userId),
  );
}
