/**
 * /interactive/results: every potential match of a name search, or a plain statement that there
 * is none; a business searched with its owners shows each owner's findings too (ADR 119).
 */
import { Stack, Text, Title } from '@mantine/core';
import { describeNameCriteria, type NameSearchResult } from '#shared/interactive-search';
import { HitCard } from './hit-card';
import { isNothingSearched, ListsSearched, listsSentence, notSearchedNote } from './lists-searched';
import { OwnerFindings, ownersSummary } from './owner-findings';
import { ProofHeader } from './proof-header';
import { ResultFrame } from './result-frame';

function subjectOutcomeOf(result: NameSearchResult) {
  const who = result.criteria.entity === 'business' ? result.criteria.companyName : [result.criteria.firstName, result.criteria.lastName].join(' ');
  const n = result.hits.length;
  if (n === 0 && isNothingSearched(result.lists)) return { text: `Not screened: no list is loaded yet, so “${who}” was searched against nothing.${notSearchedNote(result.notSearched)}`, isAlert: true };
  if (n === 0) return { text: `No match: “${who}” was not found on any list searched.${notSearchedNote(result.notSearched)}`, isAlert: result.notSearched.length > 0 };
  return { text: `${n} potential match${n === 1 ? '' : 'es'} for “${who}”. Confirm each against the official record before any decision.`, isAlert: true };
}

/** The outcome in one sentence: the business's (or person's), then its owners'. */
function outcomeOf(result: NameSearchResult) {
  const subject = subjectOutcomeOf(result);
  const owners = result.owners ?? [];
  if (owners.length === 0 || isNothingSearched(result.lists)) return subject;
  return { text: `${subject.text} ${ownersSummary(owners)}`, isAlert: subject.isAlert || owners.some((o) => o.hits.length > 0) };
}

function NameResult({ result }: { result: NameSearchResult }) {
  const owners = result.owners ?? [];
  const subject = result.criteria.entity === 'business' ? 'business' : 'person';
  return (
    <>
      <ProofHeader result={result} title="Name search results" criteria={describeNameCriteria(result.criteria, owners)} outcome={outcomeOf(result)} />
      {result.hits.length > 0 ? (
        <Stack gap="md" component="section" aria-labelledby="matches-title">
          <Title order={2} fz="lg" id="matches-title">
            {owners.length ? 'Potential matches of the business' : 'Potential matches'}
          </Title>
          {result.hits.map((hit, i) => (
            <HitCard key={`${hit.source}|${hit.recordId}`} hit={hit} position={i + 1} />
          ))}
        </Stack>
      ) : isNothingSearched(result.lists) ? (
        <Text>
          On {result.searchedAt.slice(0, 10)}, no list was loaded on this server: this search checked nothing, and says nothing of whether this {subject}
          {owners.length ? ' or its owners are' : ' is'} excluded. Search again once the lists are loaded (Settings → Lists).
        </Text>
      ) : (
        <Text>
          On {result.searchedAt.slice(0, 10)}, Clearlist searched {listsSentence(result.lists) || 'no loaded list'} for this {subject} using{' '}
          {result.criteria.matchingAlgorithm.toLowerCase()} name matching, and found no record that matches. A search covers only the lists below, as of the dates
          shown.
        </Text>
      )}
      {owners.length > 0 && <OwnerFindings owners={owners} isNothingSearched={isNothingSearched(result.lists)} />}
      <ListsSearched lists={result.lists} notSearched={result.notSearched} />
    </>
  );
}

export function NameResultsPage() {
  return <ResultFrame kind="name">{(result) => <NameResult result={result} />}</ResultFrame>;
}
