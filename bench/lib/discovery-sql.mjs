// The SQL the discovery module sends for a page of event ids, built by its own query builder
// (loaded through tsx), so the plans the benchmark prints are the plans the API gets rather than
// a hand-copied approximation that drifts.
import { register } from 'tsx/esm/api';

/**
 * For each `{ name, filter, withCount }` (filter: an EventSearch of modules/discovery/queries.ts),
 * the page query's `{ name, sql, params }` and, when asked, the count's; null when the module is
 * not there.
 */
export async function discoveryQueries(specs, now = new Date()) {
  const unregister = register();
  try {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const queries = await import('../../apps/api/src/modules/discovery/queries.ts');
    if (typeof queries.eventIdsQuery !== 'function') return null;
    const db = drizzle.mock();
    return specs.flatMap(({ name, filter, withCount }) => {
      const page = { name: `${name} (page)`, ...queries.eventIdsQuery(db, filter, now).toSQL() };
      if (!withCount) return [page];
      const count = queries.eventCountQuery(db, filter, now).toSQL();
      return [page, { name: `${name} (count)`, ...count }];
    });
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  } finally {
    await unregister();
  }
}
