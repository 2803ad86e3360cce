/** One potential match: source (linked to the official record), name, birth date, place, exclusion type and dates. */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EXCLUSION_LABELS, type SearchHit } from '#shared/interactive-search';
import { statusTextColor } from '../app/theme';
import { formatDate, formatPlace } from './format';

/** `idPrefix` keeps heading ids apart when a page lists several sets of hits (a business's owners), under headings of `headingOrder` - 1. */
export function HitCard({ hit, position, status = EXCLUSION_LABELS.found, idPrefix = '', headingOrder = 3 }: { hit: SearchHit; position: number; status?: string; idPrefix?: string; headingOrder?: 3 | 4 }) {
  const fields: [string, string][] = [
    ['Date of birth', formatDate(hit.dateOfBirth)],
    ['Location', formatPlace(hit)],
    ['NPI', hit.npi ?? '—'],
    ['Exclusion type', hit.exclusionType ?? '—'],
    ['Exclusion date', formatDate(hit.exclusionDate)],
    ['Term', hit.exclusionTerm ?? '—'],
  ];
  if (hit.reinstatementDate) fields.push(['Reinstated', hit.reinstatementDate]);
  if (hit.specialty) fields.push(['Specialty', hit.specialty]);
  if (hit.otherNames.length) fields.push(['Also known as', hit.otherNames.join('; ')]);
  const titleId = `${idPrefix}hit-${position}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId} style={{ borderLeft: `4px solid ${statusTextColor(status)}`, breakInside: 'avoid' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={headingOrder} fz="lg" id={titleId}>
              {position}. {hit.name || '(no name published)'}
            </Title>
            <Text size="sm" c="dark.6">
              {hit.kind === 'business' ? 'Business' : 'Individual'} · record {hit.recordId}
            </Text>
          </div>
          <Badge variant="outline" radius="sm" size="lg" styles={{ root: { color: statusTextColor(status), borderColor: 'currentColor', textTransform: 'none' } }}>
            {status}
          </Badge>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            Source:{' '}
          </Text>
          {hit.link ? (
            <Anchor href={hit.link} target="_blank" rel="noopener noreferrer">
              {hit.sourceTitle}
              <span className="visually-hidden-external"> (official record, opens in a new tab)</span>
            </Anchor>
          ) : (
            hit.sourceTitle
          )}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing={6} component="dl" m={0}>
          {fields.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dark.6">
          Why it matched: {hit.matchedOn}
        </Text>
      </Stack>
    </Paper>
  );
}
