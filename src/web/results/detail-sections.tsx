/** Titled key/value sections of the drawer: underscore keys hidden, linked keys as links, 'Date Acquired' label. */
import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isHiddenDetailKey, type DetailSection, type DetailValue } from '#shared/result-detail';

/** Labels renamed for display ('Date Acquired From Source' shows as 'Date Acquired'). */
export const detailLabel = (key: string): string => (key === 'Date Acquired From Source' ? 'Date Acquired' : key);

export function DetailSections({ sections, heading }: { sections: DetailSection[]; heading?: string }) {
  return (
    <Stack gap="lg">
      {heading && (
        <Title order={3} size="h4">
          {heading}
        </Title>
      )}
      {sections.map((section) => (
        <Stack key={section.title} gap="xs" component="section" aria-label={section.title}>
          {/* Under the drawer's own heading, or under the group heading when there is one. */}
          <Title order={heading ? 4 : 3} size="h5">
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={6} component="dl" m={0}>
            {Object.entries(section.data)
              .filter(([key]) => !isHiddenDetailKey(key))
              .map(([key, value]) => (
                <div key={key}>
                  <Text component="dt" size="xs" c="dimmed" fw={600}>
                    {detailLabel(key)}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    <ValueText value={value} />
                  </Text>
                </div>
              ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

function ValueText({ value }: { value: DetailValue }) {
  if (value === null) return <>—</>;
  if (typeof value === 'string') return <>{value || '—'}</>;
  // 'View Details', 'Status' and 'Source' carry their link.
  if (value._link) {
    return (
      <Anchor href={value._link} target="_blank" rel="noopener noreferrer" inherit>
        {value.value || value._link}
      </Anchor>
    );
  }
  return <>{value.value || '—'}</>;
}
