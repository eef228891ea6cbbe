import { useSearchParams } from 'react-router';

export const PAGE_SIZE = 20;

export interface TableState {
  page: number;
  pageSize: number;
  /** The API's ordering: a field, `-` in front for descending. */
  ordering: string;
  search: string;
  setPage: (page: number) => void;
  setOrdering: (ordering: string) => void;
  setSearch: (search: string) => void;
  /** Another filter kept in the address (`status`, `role`…). */
  filter: (name: string) => string | undefined;
  setFilter: (name: string, value: string | null) => void;
}

/**
 * A server-side table's page, sort, search and filters, kept in the address so a reload or a
 * shared link shows the same rows; changing anything but the page goes back to page 1.
 */
export function useTableState(defaultOrdering: string): TableState {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (changes: Record<string, string | null>, resetPage = true) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    page,
    pageSize: PAGE_SIZE,
    ordering: params.get('sort') ?? defaultOrdering,
    search: params.get('q') ?? '',
    setPage: (next) => update({ page: next > 1 ? String(next) : null }, false),
    setOrdering: (ordering) => update({ sort: ordering === defaultOrdering ? null : ordering }),
    setSearch: (search) => update({ q: search.trim() || null }),
    filter: (name) => params.get(name) ?? undefined,
    setFilter: (name, value) => update({ [name]: value }),
  };
}
