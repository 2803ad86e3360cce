/** Row selection of a results tab: a set of record ids, changed many at a time (a group, a page). */
import { useCallback, useState } from 'react';

export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const select = useCallback((ids: readonly number[], isOn: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (isOn) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, select, clear };
}

/** The selected records a change to `newStatus` would move (those already there are left out). */
export function idsToChange<T extends { id: number | null; status: string }>(records: readonly T[], selected: ReadonlySet<number>, newStatus: string): number[] {
  return records.filter((r) => r.id !== null && selected.has(r.id) && r.status !== newStatus).map((r) => r.id as number);
}
