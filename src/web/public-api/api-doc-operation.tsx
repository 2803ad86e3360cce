/** One operation of the API reference, with its fields, an example, a Try it form and its errors; its title links to it (ADR 129). */
import { Anchor, Badge, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { TryItPanel } from './try-it-panel';
import { curlOf, type Field, type OperationView } from './openapi-view';

export const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

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

export function Operation({ op, origin, apiKey }: { op: OperationView; origin: string; apiKey: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`op-${op.id}`} id={op.id}>
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color={METHOD_COLORS[op.method] ?? 'gray'} variant="filled" radius="sm">
            {op.method}
          </Badge>
          <Code fz="md" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {op.path}
          </Code>
          {!op.needsKey && <Badge variant="light">no key needed</Badge>}
        </Group>
        <Title order={3} id={`op-${op.id}`}>
          <Anchor href={`#${op.id}`} c="inherit" underline="hover" inherit>
            {op.summary}
          </Anchor>
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
