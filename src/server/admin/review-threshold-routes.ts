/** Routes of the client's review threshold (ADR 032), on the Teams / Team Settings page. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReviewThresholdSettingsSchema, ThresholdPreviewQuerySchema, ThresholdPreviewSchema, UpdateReviewThresholdInputSchema } from '#shared/review-threshold';
import type { AppContext } from '../app-context';
import { callerOf } from '../access/caller';
import { previewThreshold, saveThreshold, thresholdSettings } from './review-threshold';

export function reviewThresholdRoutes(app: FastifyInstance, { db }: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/services/admin/review-threshold', { schema: { response: { 200: ReviewThresholdSettingsSchema } } }, (request) => thresholdSettings(db, callerOf(request)));
  r.get('/services/admin/review-threshold/preview', { schema: { querystring: ThresholdPreviewQuerySchema, response: { 200: ThresholdPreviewSchema } } }, (request) =>
    previewThreshold(db, callerOf(request), request.query.threshold),
  );
  r.put('/services/admin/review-threshold', { schema: { body: UpdateReviewThresholdInputSchema, response: { 200: ReviewThresholdSettingsSchema } } }, (request) =>
    saveThreshold(db, callerOf(request), request.body.threshold),
  );
}
