/**
 * The interactive search flow (spec §4): validate the form, show the intent-of-use dialog,
 * check eligibility, then search; an answer other than GRANTED, an error or an NPI search
 * with npi-match false and nothing else found shows its text. A result opens its result page.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { NpiSearchResult } from '#shared/interactive-search';
import { INTENT_DECLINED } from '#shared/messages';
import { fetchEligibility, searchErrorText, SearchError, searchName, searchNpi } from './interactive-api';
import { keepResult, resultPath } from './result-store';
import type { SearchRequest } from './search-form';

/** Whether an NPI answer has something beside NPPES's: exclusion records, an opt-out, a name searched. */
const hasFindings = (r: NpiSearchResult) => r.exclusions.length > 0 || r.optOut !== null || r.searchedByName;

export function useInteractiveSearch({ asksIntent }: { asksIntent: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<SearchRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function run(request: SearchRequest) {
    setError(null);
    setBusy(true);
    try {
      const eligibility = await fetchEligibility(request.kind);
      if (eligibility.name !== 'GRANTED') throw new SearchError(eligibility.name, eligibility.text);
      const result = request.kind === 'npi' ? await searchNpi(request.npi, request.name) : await searchName(request.input);
      // NPPES lacking the NPI is the spec's NPINotFound; the result page says it beside anything else found (issue 50).
      if (result.kind === 'npi' && !result['npi-match'] && !hasFindings(result)) throw new SearchError('NPINotFound');
      keepResult(result);
      navigate(resultPath(result), { state: { result } });
    } catch (caught) {
      setError(searchErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return {
    error,
    isBusy,
    search(request: SearchRequest) {
      setError(null);
      if (asksIntent) setPending(request);
      else void run(request);
    },
    intent: {
      opened: pending !== null,
      onAcknowledge() {
        const request = pending;
        setPending(null);
        if (request) void run(request);
      },
      onDecline() {
        setPending(null);
        setError(INTENT_DECLINED);
      },
    },
  };
}
