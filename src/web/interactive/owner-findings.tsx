/**
 * The owners searched with a business (ADR 119), on its result page and printed proof: each owner
 * as written and as read into a person's fields, then that owner's potential matches or a plain
 * "no match", in the layout of the business's own findings.
 */
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { OwnerFinding } from '#shared/interactive-search';
import { HitCard } from './hit-card';

/** "1 of 3 owners has potential matches: “LEE, Ann”." / "No match for any of its 2 owners." */
export function ownersSummary(owners: readonly OwnerFinding[]): string {
  const found = owners.filter((o) => o.hits.length > 0);
  if (found.length === 0) return owners.length === 1 ? 'No match for its owner.' : `No match for any of its ${owners.length} owners.`;
  return `${found.length} of ${owners.length} owner${owners.length === 1 ? '' : 's'} ${found.length === 1 ? 'has' : 'have'} potential matches: ${found.map((o) => `“${o.name}”`).join(', ')}.`;
}

/** How the whole name was read: "first name Maria Elena, last name Garcia Lopez". */
function readAs(owner: OwnerFinding): string {
  const { firstName, lastName } = owner.criteria;
  return [firstName ? `first name ${firstName}` : '', `last name ${lastName ?? ''}`].filter(Boolean).join(', ');
}

function OwnerSection({ owner, position, isNothingSearched }: { owner: OwnerFinding; position: number; isNothingSearched: boolean }) {
  const n = owner.hits.length;
  const isAlert = n > 0 || isNothingSearched;
  const titleId = `owner-${position}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Paper withBorder radius="md" p="md" style={{ breakInside: 'avoid' }}>
        <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          Owner {position}: {owner.name}
        </Title>
        <Text size="sm" c="dark.6">
          Searched as a person: {readAs(owner)} · {owner.criteria.matchingAlgorithm}
        </Text>
        <Alert color={isAlert ? 'red' : 'green'} variant="light" radius="md" mt="sm" p="xs">
          {/* Dark text on the tinted box: green.9 on the box's green reads at 3.8:1, under WCAG's 4.5. */}
          <Text fw={600} size="sm" c="dark.8">
            {isNothingSearched
              ? `Not screened: no list is loaded yet, so “${owner.name}” was searched against nothing.`
              : n === 0
                ? `No match: “${owner.name}” was not found on any list searched.`
                : `${n} potential match${n === 1 ? '' : 'es'} for “${owner.name}”. Confirm each against the official record before any decision.`}
          </Text>
        </Alert>
      </Paper>
      {n > 0 && (
        // Indented under their owner, so that the last of one owner's matches is not read as the next owner's.
        <Stack gap="md" pl={{ base: 'sm', sm: 'xl' }}>
          {owner.hits.map((hit, i) => (
            <HitCard key={`${hit.source}|${hit.recordId}`} hit={hit} position={i + 1} idPrefix={`owner-${position}-`} headingOrder={4} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** `isNothingSearched`: no list was loaded, so no owner's "no match" means anything. */
export function OwnerFindings({ owners, isNothingSearched = false }: { owners: readonly OwnerFinding[]; isNothingSearched?: boolean }) {
  return (
    <Stack gap="lg" component="section" aria-labelledby="owners-title">
      <div>
        <Title order={2} fz="lg" id="owners-title">
          Owners and principals
        </Title>
        <Text size="sm" c="dark.6">
          Each owner was screened as a person on the same lists, with the same matching.{isNothingSearched ? '' : ` ${ownersSummary(owners)}`}
        </Text>
      </div>
      {owners.map((owner, i) => (
        <OwnerSection key={i} owner={owner} position={i + 1} isNothingSearched={isNothingSearched} />
      ))}
    </Stack>
  );
}
