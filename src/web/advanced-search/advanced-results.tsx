/** An Advance Search result: the proof header, then the hits grouped by list with score, reasons, version and date. */
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { AdvancedHit, AdvancedSearchResult } from '#shared/advanced-search';
import type { ListSearched } from '#shared/interactive-search';
import { HitCard } from '../interactive/hit-card';
import { ListsSearched } from '../interactive/lists-searched';
import { ProofHeader } from '../interactive/proof-header';
import { matchingRulesLabel } from '#shared/matching-rules';

function ScoreLine({ hit }: { hit: AdvancedHit }) {
  return (
    <Group gap="xs" mb={4}>
      <Badge variant="light" radius="sm" styles={{ root: { textTransform: 'none' } }}>
        Score {hit.score.toFixed(2)}
      </Badge>
      {hit.isReinstated && (
        <Badge color="gray" variant="outline" radius="sm" styles={{ root: { textTransform: 'none' } }}>
          Reinstated {hit.reinstatementDate}
        </Badge>
      )}
      {hit.checks.map((check) => (
        <Text key={check} size="xs" c="dark.6">
          {check}
        </Text>
      ))}
    </Group>
  );
}

const copyOf = (list: ListSearched) =>
  `${list.version ? `version ${list.version}, ` : ''}${list.asOf ? `as of ${list.asOf}` : list.acquiredOn ? `downloaded ${list.acquiredOn}` : 'no copy loaded'}${list.synthetic ? ', synthetic sample' : ''}`;

export function AdvancedResults({ result }: { result: AdvancedSearchResult }) {
  const count = result.hits.length;
  const outcome = count === 0 ? { text: 'No potential match on the lists searched.', isAlert: false } : { text: `${count} potential match${count === 1 ? '' : 'es'}: review each record before any decision.`, isAlert: true };
  const criteria = `${result.criteria.fields.map((f) => `${f.label}: ${f.value}`).join('; ')} · ${result.criteria.matchingAlgorithm}, from score ${result.criteria.sensitivity.toFixed(2)}${result.criteria.includeReinstated ? ', reinstated records included' : ''}`;
  let position = 0;
  return (
    <Stack gap="xl" component="section" aria-label="Result">
      <ProofHeader result={result} title="Advance Search result" criteria={criteria} outcome={outcome}>
        {result.reinstatedHidden > 0 && (
          <Text size="sm">
            {result.reinstatedHidden} reinstated record{result.reinstatedHidden === 1 ? '' : 's'} matched and {result.reinstatedHidden === 1 ? 'was' : 'were'} left out (search again with reinstated records included to see {result.reinstatedHidden === 1 ? 'it' : 'them'}).
          </Text>
        )}
      </ProofHeader>
      {result.lists.map((list) => {
        const hits = result.hits.filter((h) => h.source === list.source);
        return (
          <Stack key={list.source} gap="sm" component="section" aria-label={list.title} style={{ breakInside: 'avoid' }}>
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={2} fz="lg">
                {list.title}
              </Title>
              <Text size="sm" c="dimmed">
                {copyOf(list)} · {hits.length ? `${hits.length} potential match${hits.length === 1 ? '' : 'es'}` : 'no match'}
              </Text>
            </Group>
            {hits.map((hit) => {
              position += 1;
              return (
                <div key={hit.recordId}>
                  <ScoreLine hit={hit} />
                  <HitCard hit={hit} position={position} />
                </div>
              );
            })}
          </Stack>
        );
      })}
      <ListsSearched lists={result.lists} notSearched={result.notSearched} />
      <Text size="xs" c="dimmed">
        {result.algorithmVersion ? matchingRulesLabel(result.algorithmVersion) : 'Matching rules not recorded'}. A potential match is not a finding: confirm the person or business before any decision.
      </Text>
    </Stack>
  );
}
