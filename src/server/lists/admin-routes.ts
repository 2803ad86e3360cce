/** Routes of the Lists page (/admin/lists, ADR 049); system administrators only (src/shared/access.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangesQuerySchema,
  CheckListsInputSchema,
  CheckListsResultSchema,
  HeldDecisionResultSchema,
  ImportResultSchema,
  ListsOverviewSchema,
  ListVersionsSchema,
  RejectHeldInputSchema,
  RollbackInputSchema,
  SourceParamsSchema,
  VersionChangesSchema,
  VersionParamsSchema,
} from '#shared/lists-admin';
import type { AppContext } from '../app-context';
import { AppError, unauthenticated } from '../http/errors';
import { checkNow, listVersionsOf } from './admin';
import { versionChanges } from './compare';
import { changesCsv } from './compare-csv';
import { approveHeld, rejectHeld } from './held';
import { importUploadedFiles, type UploadedFile } from './manual-import';
import { listsOverview } from './overview';
import { rollBack, type Actor } from './rollback';

/** Largest list file the page takes (a licensed DMF full file is a few GB). */
export const LIST_UPLOAD_MAX_BYTES = 8 * 1024 ** 3;

function actorOf(request: FastifyRequest): Actor {
  if (!request.auth) throw unauthenticated();
  return { userId: request.auth.userId, username: request.auth.username, ip: request.ip };
}

async function* uploadParts(parts: AsyncIterableIterator<Multipart>): AsyncGenerator<UploadedFile | { field: string; value: string }> {
  try {
    for await (const part of parts) {
      if (part.type === 'field') yield { field: part.fieldname, value: String(part.value) };
      else yield { fileName: part.filename ?? '', stream: part.file };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 8 GB.');
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'Upload at most 10 files at once.');
    throw error;
  }
}

export function listAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/services/admin/lists', { schema: { response: { 200: ListsOverviewSchema } } }, () => listsOverview(ctx));

  r.post('/services/admin/lists/check', { schema: { body: CheckListsInputSchema, response: { 200: CheckListsResultSchema } } }, (request) =>
    checkNow(ctx, actorOf(request), request.body.sources),
  );

  r.get('/services/admin/lists/:source/versions', { schema: { params: SourceParamsSchema, response: { 200: ListVersionsSchema } } }, (request) =>
    listVersionsOf(ctx, request.params.source),
  );

  r.post('/services/admin/lists/:source/upload', { schema: { params: SourceParamsSchema, response: { 200: ImportResultSchema } } }, async (request) => {
    const actor = actorOf(request);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.');
    const parts = request.parts({ limits: { files: 10, fileSize: LIST_UPLOAD_MAX_BYTES, fields: 5 } });
    return importUploadedFiles(ctx, request.params.source, uploadParts(parts), actor);
  });

  r.post('/services/admin/lists/:source/rollback', { schema: { params: SourceParamsSchema, body: RollbackInputSchema, response: { 200: ImportResultSchema } } }, (request) =>
    rollBack(ctx, request.params.source, request.body.activeVersion, actorOf(request)),
  );

  r.post(
    '/services/admin/lists/versions/:versionId/approve',
    { schema: { params: VersionParamsSchema, response: { 200: HeldDecisionResultSchema } } },
    (request) => approveHeld(ctx, request.params.versionId, actorOf(request)),
  );

  r.post(
    '/services/admin/lists/versions/:versionId/reject',
    { schema: { params: VersionParamsSchema, body: RejectHeldInputSchema, response: { 200: HeldDecisionResultSchema } } },
    (request) => rejectHeld(ctx, request.params.versionId, actorOf(request), request.body.reason),
  );

  r.get(
    '/services/admin/lists/versions/:versionId/changes',
    { schema: { params: VersionParamsSchema, querystring: ChangesQuerySchema, response: { 200: VersionChangesSchema } } },
    (request) => versionChanges(ctx.db, request.params.versionId, request.query),
  );

  r.get('/services/admin/lists/versions/:versionId/changes/csv', { schema: { params: VersionParamsSchema, response: { 200: z.any() } } }, async (request, reply) => {
    const { fileName, stream } = await changesCsv(ctx.db, request.params.versionId);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
  });
}
