/**
 * The spec's analytics calls (accounts-and-access §7): GET /services/analytic/apikey answers the
 * key to set analytics up (JSON null: none is configured, so the web app sets nothing up), and
 * PUT /services/analytic?event=… takes a legacy event. Clearlist sends nothing to a third party
 * (ADR 028).
 */
import { z } from 'zod';

export const AnalyticsKeySchema = z.string().nullable();

/** An event name: short printable text, no personal data expected. */
export const AnalyticsEventQuerySchema = z.strictObject({
  event: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w .:/-]+$/, 'An event name is letters, digits, spaces and . : / - _ only.'),
});
