/** The API reference's table of contents: each resource and its operations, each linking to its anchor (ADR 129). */
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { METHOD_COLORS } from './api-doc-operation';
import type { ResourceView } from './openapi-view';

export function ApiDocContents({ resources }: { resources: ResourceView[] }) {
  return (
    <Card withBorder radius="md" padding="md" component="nav" aria-labelledby="contents">
      <Title order={2} fz="lg" id="contents" mb="xs">
        Contents
      </Title>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        <li>
          <Anchor href="#getting-started" fw={600} size="sm">
            Getting started
          </Anchor>
        </li>
        {resources.map((resource) => (
          <li key={resource.id}>
            <Anchor href={`#${resource.id}`} fw={600} size="sm">
              {resource.title}
            </Anchor>
            <Stack gap={4} component="ul" p={0} m={0} mt={4} style={{ listStyle: 'none' }}>
              {resource.operations.map((op) => (
                <li key={op.id}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Badge color={METHOD_COLORS[op.method] ?? 'gray'} variant="light" radius="sm" size="xs" w={52} style={{ flexShrink: 0 }} aria-hidden="true">
                      {op.method}
                    </Badge>
                    <Anchor href={`#${op.id}`} size="sm">
                      <Text span inherit>
                        {op.summary}
                      </Text>
                    </Anchor>
                  </Group>
                </li>
              ))}
            </Stack>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
