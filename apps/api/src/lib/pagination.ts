import type { FastifyRequest } from 'fastify';
import type { Page, PaginationQuery } from '@hafla/shared/common/pagination';

/**
 * Builds `{count, next, previous, results}` with absolute links that keep the other query
 * parameters of `pageUrl` (the request's, unless the page is made for another request).
 */
export function toPage<T>(
  request: FastifyRequest,
  query: PaginationQuery,
  count: number,
  results: T[],
  publicUrl?: string,
  pageUrl = request.url,
): Page<T> {
  const base = publicUrl ?? `${request.protocol}://${request.host}`;
  const link = (offset: number) => {
    const url = new URL(pageUrl, base);
    url.searchParams.set('limit', String(query.limit));
    if (offset > 0) url.searchParams.set('offset', String(offset));
    else url.searchParams.delete('offset');
    return url.toString();
  };
  const nextOffset = query.offset + query.limit;
  return {
    count,
    next: nextOffset < count ? link(nextOffset) : null,
    previous: query.offset > 0 ? link(Math.max(0, query.offset - query.limit)) : null,
    results,
  };
}
