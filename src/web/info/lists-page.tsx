/** The lists we search: what each is, who publishes it, and live figures when the server has them. */
import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { StateCoverage } from '../components/state-coverage';
import { ListFiguresTable, useListFigures } from './list-figures';
import { LIST_SOURCES, type ListSource } from './list-sources';
import { ExternalLink, InfoPage, InfoSection } from './info-page';

export function ListsPage() {
  const figures = useListFigures();
  const hasFigures = figures.isSuccess && figures.data.length > 0;

  return (
    <InfoPage
      wide
      title="Lists we search"
      lead="Clearlist checks names, NPIs and Social Security numbers against the federal exclusion and sanctions lists, the state Medicaid lists below, and the registries that tell you whether an identifier is still valid."
    >
      {hasFigures && (
        <InfoSection title="Current versions">
          <ListFiguresTable figures={figures.data} />
        </InfoSection>
      )}
      <InfoSection title="The sources">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {LIST_SOURCES.map((source) => (
            <SourceCard key={source.name} source={source} />
          ))}
        </SimpleGrid>
      </InfoSection>
      <InfoSection title="Every state">
        <StateCoverage />
      </InfoSection>
      <InfoSection title="How we keep them current">
        <Text>
          Each list is downloaded from its publisher and checked before a new version replaces the old one. We keep every
          version, so a result always says which version of a list it was matched against, and what was added, removed
          or reinstated since the previous one.
        </Text>
      </InfoSection>
    </InfoPage>
  );
}

function SourceCard({ source }: { source: ListSource }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article">
      <Stack gap="xs">
        <Title order={3} fz="lg">
          {source.name}
        </Title>
        <Text size="sm" c="dimmed">
          {source.publisher}
        </Text>
        <Text size="sm">{source.description}</Text>
        <Text size="sm">
          <Text span fw={600} size="sm">
            Searched by:
          </Text>{' '}
          {source.searchedBy}
        </Text>
        {source.links ? (
          <List size="sm" spacing={2}>
            {source.links.map((link) => (
              <List.Item key={link.label}>
                <ExternalLink href={link.href}>{link.label}</ExternalLink>
              </List.Item>
            ))}
          </List>
        ) : (
          <Group>
            <Anchor href={source.officialUrl} target="_blank" rel="noopener noreferrer" size="sm">
              Official source<span className="visually-hidden-external"> for {source.name} (opens in a new tab)</span>
            </Anchor>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
