/** How a reviewer likes the Exclusions tab: groups per page and row density, remembered in this browser. */
import { useLocalStorage } from '@mantine/hooks';
import { GROUP_PAGE_SIZES } from '#shared/results-order';

export type Density = 'comfortable' | 'compact';
export const DEFAULT_GROUP_PAGE_SIZE = 10;

const isPageSize = (n: unknown): n is number => typeof n === 'number' && (GROUP_PAGE_SIZES as readonly number[]).includes(n);

/** Groups per page (10–100), kept across batches and visits; a stored value no longer offered falls back to 10. */
export function useGroupPageSize(): [number, (size: number) => void] {
  const [stored, setStored] = useLocalStorage<number>({ key: 'clearlist.results.groupPageSize', defaultValue: DEFAULT_GROUP_PAGE_SIZE, getInitialValueInEffect: false });
  return [isPageSize(stored) ? stored : DEFAULT_GROUP_PAGE_SIZE, setStored];
}

export function useDensity(): [Density, (density: Density) => void] {
  const [stored, setStored] = useLocalStorage<Density>({ key: 'clearlist.results.density', defaultValue: 'comfortable', getInitialValueInEffect: false });
  return [stored === 'compact' ? 'compact' : 'comfortable', setStored];
}
