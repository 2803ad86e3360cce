/** The OpenAPI 3.1 document of /api/v1, generated from the operations table and its zod contracts. */
import { z } from 'zod';
import { ErrorBodySchema } from './errors';
import { PUBLIC_API_BASE, PUBLIC_API_OPERATIONS, type ApiOperation } from './public-api';

const ERROR_TEXTS: Record<number, string> = {
  400: 'Invalid input: `error.fields` names each field and what is wrong with it.',
  401: 'No API key, or a key that is unknown, revoked or expired, or whose creator or account is no longer active.',
  403: 'The key’s creator lacks the role, or the account the search option, or the trial has ended.',
  404: 'Not found, or not visible with this key.',
  409: 'The state of the batch does not allow it, or a request with the same Idempotency-Key is still running (retry in a moment).',
  413: 'The body or file is too large.',
  415: 'Only .csv files are accepted.',
  422: 'More matches than one answer may hold (narrow the search), or an Idempotency-Key already used with another body.',
  429: 'Too many requests with this key (see the Retry-After header), or the trial’s monthly searches are used up.',
};

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** `/searches/:searchId` → `/searches/{searchId}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: s }));
}

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any unique string up to 255 characters (a UUID). A retry with the same key and the same body within 24 hours answers the first answer and creates or bills nothing again; the same key with another body answers 422.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const FILE = { schema: { type: 'string', format: 'binary' } };

function requestBodyOf(op: ApiOperation): JsonSchema {
  if (op.form) return { requestBody: { required: true, content: { 'multipart/form-data': { schema: jsonSchemaOf(op.form, 'input') } } } };
  if (!op.body) return {};
  return { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input'), ...(op.exampleBody ? { example: op.exampleBody } : {}) } } } };
}

function operationOf(id: string, op: ApiOperation): JsonSchema {
  const parameters = [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query'), ...(op.isIdempotent ? [IDEMPOTENCY_HEADER] : [])];
  const errors = [...new Set([...op.errors, ...(op.isPublic ? [] : [401, 429])])].sort();
  const ok = op.isFile ? { 'application/pdf': FILE, 'text/csv': FILE } : { 'application/json': { schema: op.response ? jsonSchemaOf(op.response, 'output') : {} } };
  const responses: JsonSchema = { 200: { description: 'OK', content: ok } };
  for (const status of errors) {
    responses[status] = {
      description: ERROR_TEXTS[status] ?? 'Error',
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait before calling again.', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: id,
    summary: op.summary,
    description: op.description,
    ...(op.isPublic ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...requestBodyOf(op),
    responses,
  };
}

/** The whole document; its server is the origin it is served from. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const [id, op] of Object.entries(PUBLIC_API_OPERATIONS) as [string, ApiOperation][]) {
    const path = `${PUBLIC_API_BASE}${openApiPath(op.path)}`;
    paths[path] = { ...(paths[path] ?? {}), [op.method.toLowerCase()]: operationOf(id, op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clearlist API',
      version: '1',
      description:
        'Screen people, businesses and NPIs against the US healthcare exclusion and sanctions lists from your own systems. Every call but this document needs an API key (API Key Management in the app), sent as `Authorization: Bearer <key>`. Answers are JSON and never cached; errors have one shape, `{ "error": { "code", "message", "fields"? } }`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `cl_live_…`.' } },
      schemas: { Error: jsonSchemaOf(ErrorBodySchema, 'output') },
    },
    paths,
  };
}
