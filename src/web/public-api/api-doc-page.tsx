/**
 * /npi/apidoc (api users): the public API's reference, rendered from the OpenAPI document the
 * server serves (generated from the same contracts it validates with), after a short start;
 * each operation can be tried with the user's own key (ADR 041). A table of contents by resource
 * leads to each operation's anchor (#operationId), which opens the page at it (ADR 129).
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Box, Card, Center, Code, Container, Grid, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { api } from '../app/api';
import { ApiDocContents } from './api-doc-contents';
import { Operation } from './api-doc-operation';
import { curlOf, operationsOf, resourcesOf, type OpenApiDocument } from './openapi-view';

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

/** Scrolls to the anchor of the address once the reference it points into is drawn. */
function useScrollToHash(isReady: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!isReady || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [isReady, hash]);
}

export function ApiDocPage() {
  const doc = useQuery({ queryKey: ['openapi'], queryFn: () => api<OpenApiDocument>('/api/v1/openapi.json'), staleTime: Infinity });
  const origin = window.location.origin;
  const [apiKey, setApiKey] = useState('');
  const resources = doc.data ? resourcesOf(operationsOf(doc.data)) : [];
  useScrollToHash(Boolean(doc.data));
  return (
    <Container size={1200} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>API Documentation</Title>
          <Text c="dimmed">Screen from your HR, credentialing or vendor systems with the Clearlist API (version {doc.data?.info.version ?? '1'}).</Text>
        </div>
        <Grid gap="lg">
          {doc.data && (
            <Grid.Col span={{ base: 12, md: 4 }}>
              {/* Beside the reference on wide screens, the contents stay in view while it scrolls. */}
              <Box pos={{ base: 'static', md: 'sticky' }} top={16} mah={{ base: 'none', md: 'calc(100vh - 32px)' }} style={{ overflowY: 'auto' }}>
                <ApiDocContents resources={resources} />
              </Box>
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: doc.data ? 8 : 12 }}>
            <Stack gap="lg">
              <GettingStarted origin={origin} />
              {doc.isPending && (
                <Center py="xl">
                  <Loader aria-label="Loading the API reference" />
                </Center>
              )}
              {doc.isError && <Alert color="red">The API reference could not be loaded.</Alert>}
              {doc.data && (
                <>
                  <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="try-it-out">
                    <Stack gap="xs">
                      <Title order={2} id="try-it-out">
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
                  {resources.map((resource) => (
                    <Stack gap="md" key={resource.id} component="section" aria-labelledby={resource.id}>
                      <Title order={2} id={resource.id}>
                        {resource.title}
                      </Title>
                      {resource.operations.map((op) => (
                        <Operation key={`${op.method} ${op.path}`} op={op} origin={origin} apiKey={apiKey} />
                      ))}
                      <Anchor href="#contents" size="sm">
                        Back to the contents
                      </Anchor>
                    </Stack>
                  ))}
                </>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
