/** Contracts of API key management (/services/apikeys) and the public API's key format (ADR 029). */
import { z } from 'zod';

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'cl_live_';
/** Characters of the secret kept in clear and shown in the list (the prefix plus four). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 4;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.');

export const CreateApiKeyInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the key a name.').max(100, 'At most 100 characters.'),
    /** Last day the key works (UTC, inclusive); absent: no expiry. */
    expiresOn: isoDay.nullish(),
  })
  .strict();
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** The answer to a create: the key and, this once only, its secret. */
export const CreatedApiKeySchema = z.object({ key: ApiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyIdParamsSchema = z.object({ keyId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Status of a key at `now`. */
export function apiKeyStatus(key: { revokedAt: string | null; expiresAt: string | null }, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt) <= now) return 'expired';
  return 'active';
}
