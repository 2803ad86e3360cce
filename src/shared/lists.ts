/** Contracts of the lists: their status for the CLI, the lists page and the source filter. */
import { z } from 'zod';

export const ListStatusSchema = z.object({
  source: z.string(),
  title: z.string(),
  publisher: z.string(),
  officialUrl: z.string(),
  description: z.string(),
  /** Active version id, null when the source has never been imported. */
  version: z.number().nullable(),
  origin: z.string().nullable(),
  asOf: z.string().nullable(),
  records: z.number(),
  activatedAt: z.string().nullable(),
  lastChecked: z.string().nullable(),
  lastError: z.string().nullable(),
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  reinstated: z.number(),
});
export type ListStatus = z.infer<typeof ListStatusSchema>;

export const ListStatusesSchema = z.array(ListStatusSchema);
