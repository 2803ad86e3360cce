/** Filter state shared by the flat results tabs (NPI, SSDMF): filters, the debounced criteria text, the page. */
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FILTER_WIDTH } from './result-filters';
import { SEARCH_DEBOUNCE_MS } from './exclusions-tab';

export interface TabFilters {
  searchCriteria: string;
  recordStatus: string[];
}

/** The tab's filters; any change goes back to page 1. `searchCriteria` is the debounced text to query with. */
export function useTabFilters<F extends TabFilters>(noFilters: F) {
  const [filters, setFilters] = useState<F>(noFilters);
  const [searchCriteria] = useDebouncedValue(filters.searchCriteria, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const set = (patch: Partial<F>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return { filters, searchCriteria, page, setPage, set };
}

interface FoundSelectProps {
  label: string;
  texts: { FOUND: string; NOT_FOUND: string };
  /** Values beyond found and not found (SSDMF: not checked). */
  more?: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A "found / not found" filter (opt-out, exclusion, SSDMF status), empty for any. */
export function FoundSelect({ label, texts, more = [], value, onChange }: FoundSelectProps) {
  return (
    <Select
      label={label}
      placeholder="Any"
      data={[
        { value: 'FOUND', label: texts.FOUND },
        { value: 'NOT_FOUND', label: texts.NOT_FOUND },
        ...more,
      ]}
      value={value}
      onChange={onChange}
      clearable
      w={FILTER_WIDTH}
    />
  );
}
