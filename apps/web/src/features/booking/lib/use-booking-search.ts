import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatBookingSearch, parseBookingSearch } from './booking-search';
import type { BookingSearch } from './booking-search';

export interface SetBookingSearchOptions {
  /** A new step is a history entry (Back returns to it); a changed choice replaces the entry. */
  replace?: boolean;
}

export type SetBookingSearch = (
  patch: Partial<BookingSearch>,
  options?: SetBookingSearchOptions,
) => void;

export function useBookingSearch(): [BookingSearch, SetBookingSearch] {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseBookingSearch(params), [params]);
  const setSearch = useCallback<SetBookingSearch>(
    (patch, options = {}) =>
      setParams((current) => formatBookingSearch({ ...parseBookingSearch(current), ...patch }), {
        replace: options.replace ?? false,
      }),
    [setParams],
  );
  return [search, setSearch];
}
