/** Routes of Batch Queue Management; system administrators only (src/shared/access.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MoveBatchInputSchema, QueueActionResultSchema, QueueBatchParamsSchema, QueueOverviewSchema, SetPauseInputSchema } from '#shared/queue';
import type { AppContext } from '../app-context';
import { unauthenticated } from '../http/errors';
import { cancelQueuedBatch, moveBatch, retryFailedChunks, setQueuePaused, type QueueCaller } from './queue-actions';
import { queueOverview } from './queue-overview';

function callerOf(request: FastifyRequest): QueueCaller {
  if (!request.auth) throw unauthenticated();
  return { userId: request.auth.userId, username: request.auth.username, ip: request.ip };
}

export function queueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = QueueBatchParamsSchema;
  const response = { 200: QueueActionResultSchema };

  r.get('/services/admin/queue', { schema: { response: { 200: QueueOverviewSchema } } }, () => queueOverview(ctx));

  r.put('/services/admin/queue/pause', { schema: { body: SetPauseInputSchema, response } }, (request) =>
    setQueuePaused(ctx, callerOf(request), request.body.isPaused),
  );

  r.put('/services/admin/queue/batches/:batchId/position', { schema: { params, body: MoveBatchInputSchema, response } }, (request) =>
    moveBatch(ctx, callerOf(request), request.params.batchId, request.body.to),
  );

  r.post('/services/admin/queue/batches/:batchId/cancel', { schema: { params, response } }, (request) =>
    cancelQueuedBatch(ctx, callerOf(request), request.params.batchId),
  );

  r.post('/services/admin/queue/batches/:batchId/retry', { schema: { params, response } }, (request) =>
    retryFailedChunks(ctx, callerOf(request), request.params.batchId),
  );
}
