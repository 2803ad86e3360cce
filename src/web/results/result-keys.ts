/** TanStack Query keys of the results page; everything of a batch sits under ['results', batchId]. */
export const resultKeys = {
  batch: (batchId: number) => ['results', batchId] as const,
  info: (batchId: number) => ['results', batchId, 'info'] as const,
  list: (batchId: number, tab: 'exclusions' | 'npi' | 'ssdmf', query: unknown) => ['results', batchId, tab, 'list', query] as const,
  detail: (batchId: number, tab: 'exclusions' | 'npi' | 'ssdmf', id: number) => ['results', batchId, tab, 'detail', id] as const,
  summary: (batchId: number) => ['results', batchId, 'summary'] as const,
  screeningRuns: (batchId: number) => ['results', batchId, 'screening-runs'] as const,
  sources: ['results', 'sources'] as const,
};
