/** API key secrets: 32 random bytes behind a recognisable prefix; only their sha256 is kept. */
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '#shared/api-keys';

export interface NewSecret {
  secret: string;
  prefix: string;
  secretHash: string;
}

export function newApiKeySecret(): NewSecret {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_SHOWN_LENGTH), secretHash: hashApiKeySecret(secret) };
}

/** A plain sha256 suffices: the secret has 256 bits of entropy, so no salt or slow hash is needed. */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
