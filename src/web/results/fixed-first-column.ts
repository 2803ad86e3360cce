/** The first column sticks only when the columns are wider than the table (spec §2). */
import { useElementSize } from '@mantine/hooks';

/** True when the columns' total width exceeds the width the table has; an unmeasured table (0) never fixes it. */
export function isFirstColumnFixed(columnsWidth: number, tableWidth: number): boolean {
  return tableWidth > 0 && columnsWidth > tableWidth;
}

/** Measures the table's container; answers its ref and whether the first column is fixed. */
export function useFixedFirstColumn(columnsWidth: number) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  return { ref, isFixed: isFirstColumnFixed(columnsWidth, width) };
}
