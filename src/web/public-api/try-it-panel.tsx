/** The "Try it" form of one operation on the API Documentation page (ADR 041). */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Code, FileInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { OperationView } from './openapi-view';
import { EXAMPLE_MAPPING, requestOf, send, urlOf, type TryAnswer } from './try-it';

function AnswerView({ op, answer }: { op: OperationView; answer: TryAnswer }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!answer.file) return;
    const url = URL.createObjectURL(answer.file);
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [answer.file]);
  const isOk = answer.status < 400;
  return (
    <Stack gap={4} role="status" aria-label={`Answer: ${op.summary}`}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Answer
        </Text>
        <Badge color={isOk ? 'green' : 'red'} variant="light">
          {answer.status}
        </Badge>
        <Text size="xs" c="dimmed">
          {answer.contentType}
        </Text>
      </Group>
      {answer.text !== null ? (
        <Code block tabIndex={0} mah={360} style={{ overflow: 'auto' }} aria-label={`Answer body: ${op.summary}`}>
          {answer.text}
        </Code>
      ) : (
        <Text size="sm">
          A file of {answer.file?.size.toLocaleString('en-US')} bytes.{' '}
          {href && (
            <Anchor href={href} download={`clearlist-${op.id}`}>
              Save it
            </Anchor>
          )}
        </Text>
      )}
    </Stack>
  );
}

export function TryItPanel({ op, apiKey }: { op: OperationView; apiKey: string }) {
  const [opened, setOpened] = useState(false);
  const [params, setParams] = useState<Record<string, string>>({});
  const [body, setBody] = useState(op.exampleBody !== undefined ? JSON.stringify(op.exampleBody, null, 2) : '');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState(EXAMPLE_MAPPING);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<TryAnswer | null>(null);
  const [isSending, setSending] = useState(false);
  const needsKey = op.needsKey && !apiKey.trim();

  async function run() {
    setProblem(null);
    setAnswer(null);
    const target = urlOf(op, params);
    if ('error' in target) return setProblem(target.error);
    const request = requestOf(op, { params, body, file, mapping }, apiKey);
    if ('error' in request) return setProblem(request.error);
    setSending(true);
    try {
      setAnswer(await send(target.url, request.init));
    } catch (error) {
      setProblem(`The request could not be sent: ${(error as Error).message}`);
    } finally {
      setSending(false);
    }
  }

  return (
    <Box>
      <Button variant="light" size="xs" onClick={() => setOpened((o) => !o)} aria-expanded={opened} aria-label={`Try it: ${op.summary}`}>
        Try it
      </Button>
      {opened && (
        <Stack gap="sm" mt="sm" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
          {op.parameters.map((p) => (
            <TextInput
              key={p.name}
              label={p.name}
              description={`${p.type}, ${p.notes}`}
              required={p.isRequired}
              value={params[p.name] ?? ''}
              onChange={(e) => setParams({ ...params, [p.name]: e.currentTarget.value })}
            />
          ))}
          {op.formFields ? (
            <>
              <FileInput label="CSV file" required accept=".csv,text/csv" value={file} onChange={setFile} placeholder="Choose a file" clearable />
              <Textarea label="mapping (JSON)" rows={5} resize="vertical" ff="monospace" value={mapping} onChange={(e) => setMapping(e.currentTarget.value)} />
            </>
          ) : (
            op.method !== 'GET' && <Textarea label="Request body (JSON)" rows={6} resize="vertical" ff="monospace" value={body} onChange={(e) => setBody(e.currentTarget.value)} />
          )}
          <Group gap="sm">
            <Button size="sm" onClick={() => void run()} loading={isSending} disabled={needsKey}>
              Send request
            </Button>
            {needsKey && (
              <Text size="sm" c="dimmed">
                Type your API key above to send this request.
              </Text>
            )}
          </Group>
          {problem && <Alert color="red">{problem}</Alert>}
          {answer && <AnswerView op={op} answer={answer} />}
        </Stack>
      )}
    </Box>
  );
}
