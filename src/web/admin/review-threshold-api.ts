/** Calls of the client's review threshold card (ADR 032). */
import { REVIEW_THRESHOLD_PATHS, ReviewThresholdSettingsSchema, ThresholdPreviewSchema } from '#shared/review-threshold';
import { api } from '../app/api';

export const thresholdKeys = {
  settings: ['admin', 'review-threshold'] as const,
  preview: (threshold: number) => ['admin', 'review-threshold', 'preview', threshold] as const,
};

export const fetchThresholdSettings = () => api(REVIEW_THRESHOLD_PATHS.settings, { schema: ReviewThresholdSettingsSchema });
export const fetchThresholdPreview = (threshold: number) => api(REVIEW_THRESHOLD_PATHS.preview(threshold), { schema: ThresholdPreviewSchema });
export const saveThresholdSetting = (threshold: number | null) =>
  api(REVIEW_THRESHOLD_PATHS.settings, { method: 'PUT', body: { threshold }, schema: ReviewThresholdSettingsSchema });
