/** Reads the served OpenAPI document into what the documentation page shows, and builds curl lines. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  default?: unknown;
  $ref?: string;
}

interface RawOperation {
  operationId: string;
  summary: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema; example?: unknown }; 'multipart/form-data'?: { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, RawOperation>>;
}

export interface Field {
  name: string;
  type: string;
  isRequired: boolean;
  notes: string;
  /** Where a parameter goes (path or query); absent for body fields. */
  location?: string;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  needsKey: boolean;
  parameters: Field[];
  body: Field[];
  exampleBody: unknown;
  /** Fields of a multipart/form-data body (a file upload). */
  formFields?: string[];
  response: Field[];
  /** Media types of a file answer (PDF, CSV); empty for JSON. */
  produces: string[];
  errors: { status: string; description: string }[];
}

/** "string", "integer", "array of object", "Exact | Fuzzy", "string or null". */
export function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map(String).join(' | ');
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.map(typeOf))].join(' or ');
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'values'}`;
  return schema.type ?? 'any';
}

function notesOf(schema: JsonSchema): string {
  const notes = [schema.description, schema.pattern ? `pattern ${schema.pattern}` : '', schema.maxLength ? `at most ${schema.maxLength} characters` : '', schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : ''];
  return notes.filter(Boolean).join('; ');
}

export function fieldsOf(schema: JsonSchema | undefined): Field[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, s]) => ({ name, type: typeOf(s), isRequired: required.has(name), notes: notesOf(s) }));
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): OperationView[] {
  const views: OperationView[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of METHOD_ORDER) {
      const op = methods[method];
      if (!op) continue;
      const body = op.requestBody?.content['application/json'];
      const form = op.requestBody?.content['multipart/form-data'];
      views.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description ?? '',
        needsKey: !(Array.isArray(op.security) && op.security.length === 0),
        parameters: (op.parameters ?? []).map((p) => ({ name: p.name, type: typeOf(p.schema), isRequired: p.required ?? false, notes: `in the ${p.in}`, location: p.in })),
        body: fieldsOf(body?.schema ?? form?.schema),
        exampleBody: body?.example,
        formFields: form ? Object.keys((form.schema.properties ?? {}) as Record<string, unknown>) : undefined,
        response: fieldsOf(op.responses['200']?.content?.['application/json']?.schema),
        produces: Object.keys(op.responses['200']?.content ?? {}).filter((type) => type !== 'application/json'),
        errors: Object.entries(op.responses)
          .filter(([status]) => status !== '200')
          .map(([status, r]) => ({ status, description: r.description })),
      });
    }
  }
  return views;
}

/** A curl line that works when pasted, with the key taken from $CLEARLIST_API_KEY. */
export function curlOf(origin: string, op: Pick<OperationView, 'method' | 'path' | 'needsKey' | 'exampleBody'> & { formFields?: string[] }): string {
  const url = `${origin}${op.path.replace(/\{report\}/g, 'audit').replace(/\{[^}]+\}/g, '1')}`;
  const lines = [`curl${op.method === 'GET' ? '' : ` -X ${op.method}`} '${url}'`];
  if (op.needsKey) lines.push(`  -H "Authorization: Bearer $CLEARLIST_API_KEY"`);
  if (op.formFields?.includes('file')) lines.push(`  -F 'file=@staff.csv'`);
  if (op.formFields?.includes('mapping'))
    lines.push(`  -F 'mapping={"columnMappings":{"First Name":"First Name","Last Name":"Last Name"},"searchTypes":["Exclusion Search by Individual Name"]}'`);
  if (op.exampleBody !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(op.exampleBody)}'`);
  return lines.join(' \\\n');
}

/** A resource of the API (the first segment after /api/v1) and its operations, in document order. */
export interface ResourceView {
  id: string;
  title: string;
  operations: OperationView[];
}

const RESOURCE_TITLES: Record<string, string> = {
  searches: 'Searches',
  screenings: 'Screenings of many at once',
  batches: 'Batch searches',
  rosters: 'Monitored rosters',
  lists: 'Lists',
  'openapi.json': 'This description',
};

function resourceKeyOf(path: string): string {
  return path.replace(/^\/api\/v\d+\//, '').split('/')[0] ?? path;
}

export function resourcesOf(operations: OperationView[]): ResourceView[] {
  const resources = new Map<string, ResourceView>();
  for (const op of operations) {
    const key = resourceKeyOf(op.path);
    const resource = resources.get(key) ?? { id: `resource-${key.replace(/[^a-z0-9]+/gi, '-')}`, title: RESOURCE_TITLES[key] ?? key, operations: [] };
    resource.operations.push(op);
    resources.set(key, resource);
  }
  return [...resources.values()];
}
