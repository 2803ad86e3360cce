/** Why it matched: each compared field with its score, and what raised or lowered the total (the engine's explanation). */
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { MatchExplanation } from './results-api';
import { textOnLight } from './review-status';

const score = (x: number) => x.toFixed(2);
const signed = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(2);

/** Plain words for the engine's comparison methods. */
const METHOD_WORDS: Record<string, string> = {
  exact: 'same',
  nickname: 'nickname',
  initial: 'initial',
  prefix: 'starts the same',
  phonetic: 'sounds alike',
  typo: 'typo',
  similar: 'similar',
  glued: 'joined words',
  partial: 'partly',
  different: 'different',
  missing: 'missing',
};

export function MatchExplanationView({ explanation }: { explanation: MatchExplanation }) {
  const isMatch = explanation.score >= explanation.threshold;
  return (
    <Stack gap="sm" component="section" aria-label="Why it matched">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          Why it matched
        </Title>
        <Group gap={6}>
          <Badge color={isMatch ? 'yellow' : 'gray'} c={textOnLight(isMatch ? 'yellow' : 'gray')} variant="light">
            Score {score(explanation.score)}
          </Badge>
          <Text size="xs" c="dimmed">
            threshold {score(explanation.threshold)} · {explanation.algorithm}
          </Text>
        </Group>
      </Group>
      <Text size="sm">{explanation.summary}</Text>
      {explanation.matchedName && (
        <Text size="sm">
          Matched list name: <strong>{explanation.matchedName.value}</strong> ({explanation.matchedName.listField})
          {explanation.nameScore !== null && <> · name similarity {score(explanation.nameScore)}</>}
        </Text>
      )}
      {explanation.fields.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="Compared fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Your data</Table.Th>
                <Table.Th>List record</Table.Th>
                <Table.Th>How</Table.Th>
                <Table.Th ta="right">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {explanation.fields.map((f, i) => (
                <Table.Tr key={`${f.queryField}-${f.listField}-${i}`}>
                  <Table.Td>
                    <Text span size="xs" c="dimmed">
                      {f.queryField}
                    </Text>{' '}
                    {f.queryValue}
                  </Table.Td>
                  <Table.Td>
                    <Text span size="xs" c="dimmed">
                      {f.listField}
                    </Text>{' '}
                    {f.listValue}
                  </Table.Td>
                  <Table.Td>{METHOD_WORDS[f.method] ?? f.method}</Table.Td>
                  <Table.Td ta="right">{score(f.score)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {explanation.adjustments.length > 0 && (
        <Stack gap={2} component="ul" aria-label="What moved the score" m={0} pl="md">
          {explanation.adjustments.map((a, i) => (
            <Text component="li" size="sm" key={`${a.reason}-${i}`} c={textOnLight(a.effect < 0 ? 'red' : 'green')}>
              {a.effect < 0 ? 'Lowered' : 'Raised'} {signed(a.effect)}: {a.reason}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
