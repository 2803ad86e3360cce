/** Roster intake API (ADR 053): a roster from an upload, new versions compared, applied or discarded. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RosterIdParamsSchema, RosterSchema } from '#shared/monitoring';
import { DigestChoiceInputSchema, DigestChoiceSchema, CreateRosterFromUploadSchema, RosterVersionInputSchema, RosterVersionParamsSchema, RosterVersionSchema, UserDigestChoiceSchema, UserDigestChoicesSchema, UserDigestInputSchema, UserDigestParamsSchema } from '#shared/roster-intake';
import type { AppContext } from '../app-context';
import { batchCallerOf } from '../access/batch-scope';
import { digestChoice, setDigestChoice } from './digest-choices';
import { listUserDigests, setUserDigest } from './digest-admin';
import { createRosterFromUpload } from './intake';
import { rosterById } from './rosters';
import { applyVersion, compareVersion, discardVersion, getVersion, listVersions } from './versions';

export function rosterIntakeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/services/monitoring/rosters';
  r.post(`${base}/upload`, { schema: { body: CreateRosterFromUploadSchema, response: { 201: RosterSchema } } }, async (request, reply) => {
    const caller = await batchCallerOf(ctx.db, request);
    const { rosterId } = await createRosterFromUpload(ctx, caller, request.body);
    return reply.code(201).send(await rosterById(ctx, caller, rosterId));
  });
  r.get(`${base}/:rosterId/versions`, { schema: { params: RosterIdParamsSchema, response: { 200: z.object({ versions: z.array(RosterVersionSchema) }) } } }, async (request) => ({
    versions: await listVersions(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId),
  }));
  r.post(`${base}/:rosterId/versions`, { schema: { params: RosterIdParamsSchema, body: RosterVersionInputSchema, response: { 201: RosterVersionSchema } } }, async (request, reply) =>
    reply.code(201).send(await compareVersion(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId, request.body)),
  );
  r.get(`${base}/:rosterId/versions/:versionId`, { schema: { params: RosterVersionParamsSchema, response: { 200: RosterVersionSchema } } }, async (request) =>
    getVersion(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId, request.params.versionId),
  );
  r.post(`${base}/:rosterId/versions/:versionId/apply`, { schema: { params: RosterVersionParamsSchema, response: { 200: RosterVersionSchema } } }, async (request) =>
    applyVersion(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId, request.params.versionId),
  );
  r.get('/services/monitoring/digest', { schema: { response: { 200: DigestChoiceSchema } } }, async (request) => digestChoice(ctx, await batchCallerOf(ctx.db, request), null));
  r.put('/services/monitoring/digest', { schema: { body: DigestChoiceInputSchema, response: { 200: DigestChoiceSchema } } }, async (request) =>
    setDigestChoice(ctx, await batchCallerOf(ctx.db, request), null, request.body.frequency ?? 'off'),
  );
  // Account owners and domain admins (the access table): each user of their client.
  r.get('/services/monitoring/digest/users', { schema: { response: { 200: UserDigestChoicesSchema } } }, async (request) => ({ users: await listUserDigests(ctx, await batchCallerOf(ctx.db, request)) }));
  r.put('/services/monitoring/digest/users/:userId', { schema: { params: UserDigestParamsSchema, body: UserDigestInputSchema, response: { 200: UserDigestChoiceSchema } } }, async (request) =>
    setUserDigest(ctx, await batchCallerOf(ctx.db, request), request.params.userId, request.body.frequency),
  );
  r.get(`${base}/:rosterId/digest`, { schema: { params: RosterIdParamsSchema, response: { 200: DigestChoiceSchema } } }, async (request) => digestChoice(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId));
  r.put(`${base}/:rosterId/digest`, { schema: { params: RosterIdParamsSchema, body: DigestChoiceInputSchema, response: { 200: DigestChoiceSchema } } }, async (request) =>
    setDigestChoice(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId, request.body.frequency),
  );
  r.post(`${base}/:rosterId/versions/:versionId/discard`, { schema: { params: RosterVersionParamsSchema, response: { 200: RosterVersionSchema } } }, async (request) =>
    discardVersion(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId, request.params.versionId),
  );
}
