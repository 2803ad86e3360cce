/**
 * /npi/apidoc (api users): the public API's reference, rendered from the OpenAPI document the
 * server serves (generated from the same contracts it validates with), after a short start;
 * each operation can be tried with the user's own key (ADR 041).
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Card, Center, Code, Container, Group, Loader, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../app/api';
import { TryItPanel } from './try-it-panel';
import { curlOf, operationsOf, type Field, type OpenApiDocument, type OperationView } from './openapi-view';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

function FieldTable({ label, fields }: { label: string; fields: Field[] }) {
  if (fields.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Table.ScrollContainer minWidth={600}>
        <Table withTableBorder fz="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Required</Table.Th>
              <Table.Th>Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f) => (
              <Table.Tr key={f.name}>
                <Table.Td>
                  <Code>{f.name}</Code>
                </Table.Td>
                <Table.Td>{f.type}</Table.Td>
                <Table.Td>{f.isRequired ? 'yes' : 'no'}</Table.Td>
                <Table.Td>{f.notes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Operation({ op, origin, apiKey }: { op: OperationView; origin: string; apiKey: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`op-${op.id}`} id={op.id}>
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color={METHOD_COLORS[op.method] ?? 'gray'} variant="filled" radius="sm">
            {op.method}
          </Badge>
          <Code fz="md">{op.path}</Code>
          {!op.needsKey && <Badge variant="light">no key needed</Badge>}
        </Group>
        <Title order={3} id={`op-${op.id}`}>
          {op.summary}
        </Title>
        <Text size="sm">{op.description}</Text>
        <FieldTable label="Parameters" fields={op.parameters} />
        <FieldTable label={op.formFields ? 'Request body (multipart/form-data)' : 'Request body (JSON)'} fields={op.body} />
        <FieldTable label="Answer (JSON)" fields={op.response} />
        {op.produces.length > 0 && <Text size="sm">Answers a file: {op.produces.join(' or ')}.</Text>}
        <Text fw={600} size="sm">
          Example
        </Text>
        <Code block tabIndex={0} aria-label={`Example request: ${op.summary}`}>
          {curlOf(origin, op)}
        </Code>
        <TryItPanel op={op} apiKey={apiKey} />
        {op.errors.length > 0 && (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              Errors
            </Text>
            {op.errors.map((e) => (
              <Text size="sm" key={e.status}>
                <Code>{e.status}</Code> {e.description}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function GettingStarted({ origin }: { origin: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="getting-started">
      <Stack gap="sm">
        <Title order={2} id="getting-started">
          Getting started
        </Title>
        <Text size="sm">
          1. Create a key on{' '}
          <Anchor component={Link} to="/npi/apikeys">
            API Key Management
          </Anchor>{' '}
          and keep it secret: it is shown once. Calls made with it act as you, for your account, and are stored in Search History and billed like the same search in the app.
        </Text>
        <Text size="sm">2. Put it in your shell and screen a person:</Text>
        <Code block tabIndex={0} aria-label="Getting started example">
          {`export CLEARLIST_API_KEY='cl_live_…'\n${curlOf(origin, { method: 'POST', path: '/api/v1/searches/name', needsKey: true, exampleBody: { firstName: 'Donald', lastName: 'Bailey' } })}`}
        </Code>
        <Text size="sm">
          3. Screen a whole CSV file: upload it with the mapping of its columns, keep the batch id of the answer, then poll the batch until its status is Completed and page through its
          results (add an <Code>Idempotency-Key</Code> header to any creating POST so a retry never creates a second batch or bills twice):
        </Text>
        <Code block tabIndex={0} aria-label="Screening a CSV example">
          {`${curlOf(origin, { method: 'POST', path: '/api/v1/batches/csv', needsKey: true, exampleBody: undefined, formFields: ['file', 'mapping'] })} \\\n  -H "Idempotency-Key: $(uuidgen)"\n\n# poll until "status" is "Completed" (percentDone shows the progress)\n${curlOf(origin, { method: 'GET', path: '/api/v1/batches/{batchId}', needsKey: true, exampleBody: undefined })}\n\n${curlOf(origin, { method: 'GET', path: '/api/v1/batches/{batchId}/results?page=1&limits=100', needsKey: true, exampleBody: undefined })}`}
        </Code>
        <Text size="sm">
          Up to 1,000 people, businesses and NPIs can also be screened in one synchronous request, <Code>POST /api/v1/screenings</Code>, answered in the order sent and billed as that many searches.
        </Text>
        <Text size="sm">
          4. Every answer is JSON and is never cached. Errors have one shape, <Code>{'{ "error": { "code", "message", "fields"? } }'}</Code>: 401 for a missing, revoked or expired key, 403 when your roles or account do not allow the search, 429 with a{' '}
          <Code>Retry-After</Code> header when the key sends too many requests. The machine-readable description is at{' '}
          <Anchor href="/api/v1/openapi.json">/api/v1/openapi.json</Anchor> (OpenAPI 3.1).
        </Text>
      </Stack>
    </Card>
  );
}

export function ApiDocPage() {
  const doc = useQuery({ queryKey: ['openapi'], queryFn: () => api<OpenApiDocument>('/api/v1/openapi.json'), staleTime: Infinity });
  const origin = window.location.origin;
  const [apiKey, setApiKey] = useState('');
  return (
    <Container size={1100} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>API Documentation</Title>
          <Text c="dimmed">Screen from your HR, credentialing or vendor systems with the Clearlist API (version {doc.data?.info.version ?? '1'}).</Text>
        </div>
        <GettingStarted origin={origin} />
        {doc.isPending && (
          <Center py="xl">
            <Loader aria-label="Loading the API reference" />
          </Center>
        )}
        {doc.isError && <Alert color="red">The API reference could not be loaded.</Alert>}
        {doc.data && (
          <>
            <Title order={2}>Reference</Title>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="try-it-out">
              <Stack gap="xs">
                <Title order={3} id="try-it-out">
                  Try it out
                </Title>
                <PasswordInput
                  label="Your API key"
                  description="Each operation below has a Try it form that calls the API with this key, as your own program would: the searches are stored in Search History and billed like any API call. The key stays in this page's memory: it is not stored, and it is forgotten when you leave the page."
                  placeholder="cl_live_…"
                  autoComplete="off"
                  value={apiKey}
                  onChange={(e) => setApiKey(e.currentTarget.value)}
                />
              </Stack>
            </Card>
            {operationsOf(doc.data).map((op) => (
              <Operation key={`${op.method} ${op.path}`} op={op} origin={origin} apiKey={apiKey} />
            ))}
          </>
        )}
      </Stack>
    </Container>
  );
}
