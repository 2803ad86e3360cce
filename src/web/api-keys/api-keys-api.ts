/** Calls of API key management through the app's one api helper. */
import { ApiKeyListSchema, ApiKeySchema, CreatedApiKeySchema, type CreateApiKeyInput } from '#shared/api-keys';
import { api } from '../app/api';

export const fetchApiKeys = () => api('/services/apikeys', { schema: ApiKeyListSchema });
export const createApiKey = (input: CreateApiKeyInput) => api('/services/apikeys', { method: 'POST', body: input, schema: CreatedApiKeySchema });
export const revokeApiKey = (keyId: number) => api(`/services/apikeys/${keyId}/revoke`, { method: 'PUT', schema: ApiKeySchema });
