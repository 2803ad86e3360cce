/** Why it matched, in a reviewer's words (built by the server from the engine's explanation: src/shared/match-words.ts). */
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { MatchDetail } from '#shared/result-detail';
import { textOnLight } from './review-status';
import { matchingRulesLabel } from '#shared/matching-rules';

type Words = NonNullable<MatchDetail['explanationWords']>;

export function MatchExplanationView({ score, threshold, words, algorithmVersion }: { score: number; threshold: number; words: Words; algorithmVersion?: string }) {
  const isMatch = score >= threshold;
  return (
    <Stack gap="sm" component="section" aria-label="Why it matched">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          Why it matched
        </Title>
        <Group gap={6}>
          <Badge color={isMatch ? 'yellow' : 'gray'} c={textOnLight(isMatch ? 'yellow' : 'gray')} variant="light">
            Score {score.toFixed(2)}
          </Badge>
          <Text size="xs" c="dimmed">
            review threshold {threshold.toFixed(2)} · {algorithmVersion ? matchingRulesLabel(algorithmVersion) : 'scored before the matching rules’ versions were kept'}
          </Text>
        </Group>
      </Group>
      {words.matchedThrough && <Text size="sm">{words.matchedThrough}</Text>}
      {words.lines.length > 0 && (
        <Stack gap={2} component="ul" aria-label="What was compared" m={0} pl="md">
          {words.lines.map((line, i) => (
            <Text component="li" size="sm" key={`${line}-${i}`}>
              {line}
            </Text>
          ))}
        </Stack>
      )}
      {words.notes.length > 0 && (
        <Stack gap={2} component="ul" aria-label="Also noted" m={0} pl="md">
          {words.notes.map((note, i) => (
            <Text component="li" size="sm" c="dimmed" key={`${note}-${i}`}>
              {note}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
