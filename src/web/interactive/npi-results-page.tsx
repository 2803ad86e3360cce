/** /npi/results: the NPPES record of an NPI, its Medicare opt-out status and the exclusions carrying it. */
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EXCLUSION_LABELS, INTERACTIVE_ERROR_TEXTS, OPT_OUT_LABELS, type NpiSearchResult } from '#shared/interactive-search';
import { statusTextColor } from '../app/theme';
import { formatDate } from './format';
import { HitCard } from './hit-card';
import { isNothingSearched, ListsSearched, listsSentence, notSearchedNote } from './lists-searched';
import { ProofHeader } from './proof-header';
import { ResultFrame } from './result-frame';

/** NPPES statuses in the spec's wording for colour: a deactivated NPI is Inactive (red). */
const npiStatusLabel = (status: string) => ({ Active: 'Active', Reactivated: 'Active (reactivated)', Deactivated: 'Inactive' })[status] ?? 'Invalid';

function outcomeOf(result: NpiSearchResult) {
  const problems = [
    result.npiProblem ?? '',
    result.nameCheck && !result.nameCheck.agrees ? `the name given (${result.nameCheck.givenName}) is not the name NPPES holds for it (${result.nameCheck.nppesName}): the NPI may belong to someone else` : '',
    result.exclusionStatus === EXCLUSION_LABELS.found ? (result.searchedByName ? 'exclusion records carry this NPI or this name' : 'an exclusion record carries this NPI') : '',
    result.optOutStatus === OPT_OUT_LABELS.found ? 'the provider opted out of Medicare' : '',
    result.nppes?.status === 'Deactivated' ? 'NPPES lists the NPI as deactivated' : '',
  ].filter(Boolean);
  // The spec's NPINotFound, word for word, and what else the search found (issue 50): a proof never leaves out a hit.
  const notFound = result['npi-match'] ? '' : `${INTERACTIVE_ERROR_TEXTS.NPINotFound} `;
  if (isNothingSearched(result.lists)) return { text: `${notFound}Not screened: no list is loaded yet, so NPI ${result.criteria.npi} was searched against nothing.${notSearchedNote(result.notSearched)}`, isAlert: true };
  if (problems.length === 0 && !notFound) {
    const named = result.nameCheck ? ` under the name given (${result.nameCheck.givenName}),` : '';
    return { text: `NPI ${result.criteria.npi} is active in NPPES${named} not on the Medicare opt-out list, and on no exclusion list searched.`, isAlert: false };
  }
  if (problems.length === 0) return { text: `${notFound}NPI ${result.criteria.npi} is on no exclusion list searched and not on the Medicare opt-out list.`, isAlert: true };
  return { text: `${notFound}NPI ${result.criteria.npi}: ${problems.join('; ')}. Review before any decision.`, isAlert: true };
}

function Status({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} style={{ color: statusTextColor(value) }}>
        {value}
      </Text>
    </div>
  );
}

/** The name given beside NPPES's, the verdict and the comparison field by field. */
function NameCheck({ check }: { check: NonNullable<NpiSearchResult['nameCheck']> }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="name-check-title">
      <Title order={2} fz="lg" id="name-check-title" mb="sm">
        Name check
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        <Status label="Name given" value={check.givenName} />
        <Status label="Name in NPPES" value={check.nppesName} />
      </SimpleGrid>
      <Text mt="sm" fw={600} style={{ color: statusTextColor(check.agrees ? 'Active' : 'Inactive') }}>
        {check.verdict}
      </Text>
      {check.lines.length > 0 && (
        <Stack gap={2} component="ul" aria-label="Names compared" m={0} mt="xs" pl="md">
          {check.lines.map((line) => (
            <Text component="li" size="sm" key={line}>
              {line}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function NpiResult({ result }: { result: NpiSearchResult }) {
  const nppes = result.nppes;
  const npiStatus = nppes ? npiStatusLabel(nppes.status) : 'Invalid';
  return (
    <>
      <ProofHeader result={result} title="NPI search results" criteria={result.criteria.name ? `NPI ${result.criteria.npi}, name ${result.criteria.name}` : `NPI ${result.criteria.npi}`} outcome={outcomeOf(result)} />
      {result.nameCheck && <NameCheck check={result.nameCheck} />}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="npi-status-title">
        <Title order={2} fz="lg" id="npi-status-title" mb="sm">
          Status
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="dl" m={0}>
          <Status label="NPI status (NPPES)" value={npiStatus} />
          <Status label="Medicare opt-out" value={result.optOutStatus} />
          <Status label="Exclusions" value={result.exclusionStatus} />
        </SimpleGrid>
        {result.optOut && (
          <Text size="sm" mt="sm">
            Opted out of Medicare from {formatDate(result.optOut.effectiveDate)}
            {result.optOut.term ? ` (${result.optOut.term})` : ''}.{' '}
            {result.optOut.link && (
              <Anchor href={result.optOut.link} target="_blank" rel="noopener noreferrer">
                CMS opt-out list
              </Anchor>
            )}
          </Text>
        )}
      </Paper>
      {nppes && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="nppes-title">
          <Title order={2} fz="lg" id="nppes-title" mb="sm">
            NPPES record
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
            {[
              ['Name', nppes.name || '—'],
              ['Entity type', nppes.entityType ?? '—'],
              ['Status', nppes.status],
              ['Deactivation date', formatDate(nppes.deactivationDate)],
              ...(nppes.reactivationDate ? [['Reactivation date', nppes.reactivationDate]] : []),
              ['Primary taxonomy', nppes.specialty ?? '—'],
              ['Practice location', nppes.location ?? '—'],
            ].map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="xs" c="dimmed" fw={600}>
                  {label}
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {nppes.link && (
            <Anchor href={nppes.link} target="_blank" rel="noopener noreferrer" size="sm" mt="sm" display="inline-block">
              NPPES NPI Registry record<span className="visually-hidden-external"> (opens in a new tab)</span>
            </Anchor>
          )}
        </Paper>
      )}
      {result.exclusions.length > 0 ? (
        <Stack gap="md" component="section" aria-labelledby="exclusions-title">
          <Title order={2} fz="lg" id="exclusions-title">
            {result.searchedByName ? `Exclusion records with this NPI or the name ${result.criteria.name}` : 'Exclusion records with this NPI'}
          </Title>
          {result.exclusions.map((hit, i) => (
            <HitCard key={`${hit.source}|${hit.recordId}`} hit={hit} position={i + 1} />
          ))}
        </Stack>
      ) : (
        <Text>
          On {result.searchedAt.slice(0, 10)}, Clearlist searched {listsSentence(result.lists.filter((l) => l.source !== 'nppes' && l.source !== 'optout')) || 'no loaded list'} for NPI{' '}
          {result.criteria.npi}
          {result.searchedByName ? ` and for the name ${result.criteria.name}` : ''} and found no exclusion record.
        </Text>
      )}
      <ListsSearched lists={result.lists} notSearched={result.notSearched} />
    </>
  );
}

export function NpiResultsPage() {
  return <ResultFrame kind="npi">{(result) => <NpiResult result={result} />}</ResultFrame>;
}
