import 'mantine-datatable/styles.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../lib/use-table-state';

export interface AdminTableProps<T> {
  /** The table's accessible name. */
  label: string;
  records: T[] | undefined;
  count: number;
  fetching: boolean;
  columns: DataTableColumn<T>[];
  state: TableState;
  idAccessor?: keyof T & string;
}

function sortOf(ordering: string): DataTableSortStatus<Record<string, unknown>> {
  return {
    columnAccessor: ordering.replace(/^-/, ''),
    direction: ordering.startsWith('-') ? 'desc' : 'asc',
  };
}

/**
 * Every console list: rows, sort and pages come from the server (mantine-datatable draws them,
 * in either direction of text), the state lives in the address.
 */
export function AdminTable<T>({
  label,
  records,
  count,
  fetching,
  columns,
  state,
  idAccessor,
}: AdminTableProps<T>) {
  const { t } = useTranslation('admin');
  return (
    <DataTable<T>
      aria-label={label}
      withTableBorder
      striped
      highlightOnHover
      // A narrow screen scrolls the table sideways: its viewport takes the keyboard's focus so
      // the arrow keys can scroll it too (a named region, not an anonymous focus stop).
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
      minHeight={records && records.length > 0 ? undefined : 160}
      records={records ?? []}
      columns={columns}
      idAccessor={idAccessor ?? ('id' as keyof T & string)}
      fetching={fetching}
      totalRecords={count}
      recordsPerPage={state.pageSize}
      page={state.page}
      onPageChange={state.setPage}
      sortStatus={sortOf(state.ordering) as DataTableSortStatus<T>}
      onSortStatusChange={({ columnAccessor, direction }) =>
        state.setOrdering(`${direction === 'desc' ? '-' : ''}${String(columnAccessor)}`)
      }
      noRecordsText={t('table.empty')}
      paginationText={({ from, to, totalRecords }) =>
        t('table.range', { from, to, total: totalRecords })
      }
      getPaginationControlProps={(control) =>
        control === 'previous'
          ? { 'aria-label': t('table.previous') }
          : control === 'next'
            ? { 'aria-label': t('table.next') }
            : {}
      }
    />
  );
}
