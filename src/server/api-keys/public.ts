/** What other features may use of api-keys (ADR 056): everything else in src/server/api-keys is private to it. */
export { findKeyBySecretHash, touchKey } from './queries';
export { hashApiKeySecret } from './secret';
