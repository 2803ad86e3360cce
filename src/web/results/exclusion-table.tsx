/**
 * The page's exclusion records in one table: the header once, then each search-criteria group
 * as a row group (its header row, then its records). The header row stays in view while the page
 * scrolls. Columns scroll inside the table when they are wider than the page, with the checkbox
 * and first column fixed.
 */
import { Checkbox, Table, VisuallyHidden } from '@mantine/core';
import type { ExclusionRecord } from '#shared/results';
import type { ScGroup } from '#shared/review-status';
import { columnsWidth, EXCLUSION_COLUMNS, SELECT_COLUMN_WIDTH } from './exclusion-columns';
import { ExclusionGroup } from './exclusion-group';
import { stickyStyle, type RowHandlers } from './exclusion-row';
import { useFixedFirstColumn } from './fixed-first-column';
import type { Density } from './use-triage-view';
import classes from './results.module.css';

export interface ExclusionTableProps extends RowHandlers {
  groups: ScGroup[];
  records: ExclusionRecord[];
  shown: readonly string[];
  collapsed: ReadonlySet<string>;
  onToggle: (key: string) => void;
  density: Density;
}

export function ExclusionTable({ groups, records, shown, collapsed, onToggle, density, ...handlers }: ExclusionTableProps) {
  const columns = EXCLUSION_COLUMNS.filter((c) => shown.includes(c.key));
  const width = columnsWidth(shown);
  const { ref, isFixed } = useFixedFirstColumn(width);
  const stickyClass = isFixed ? classes.sticky : undefined;
  const pageIds = records.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => handlers.selected.has(id)).length;
  const isCompact = density === 'compact';

  return (
    <div ref={ref} className={classes.scroller} data-first-column-fixed={isFixed}>
      <Table
        verticalSpacing={isCompact ? 2 : 'xs'}
        horizontalSpacing={isCompact ? 6 : 'sm'}
        fz={isCompact ? 'xs' : 'sm'}
        highlightOnHover
        withTableBorder
        style={{ minWidth: width, tableLayout: 'fixed' }}
        aria-label="Exclusion records"
        data-density={density}
      >
        <Table.Thead className={classes.stickyHead}>
          <Table.Tr>
            <Table.Th w={SELECT_COLUMN_WIDTH} style={stickyStyle(isFixed, 0)} className={stickyClass}>
              <VisuallyHidden>Select</VisuallyHidden>
              <Checkbox
                aria-label="Select every record on this page"
                checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                disabled={pageIds.length === 0}
                onChange={(event) => handlers.onSelect(pageIds, event.currentTarget.checked)}
              />
            </Table.Th>
            {columns.map((c, i) => (
              <Table.Th key={c.key} w={c.width} style={i === 0 ? stickyStyle(isFixed, SELECT_COLUMN_WIDTH) : undefined} className={i === 0 ? stickyClass : undefined}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {groups.map((group) => (
          <ExclusionGroup
            key={group.searchCriteria}
            group={group}
            records={records.filter((r) => r.searchCriteriaKey === group.searchCriteria)}
            columns={columns}
            isCollapsed={collapsed.has(group.searchCriteria)}
            onToggle={() => onToggle(group.searchCriteria)}
            isFixed={isFixed}
            {...handlers}
          />
        ))}
      </Table>
    </div>
  );
}
