// The SQL the discovery module sends for a page of event ids, built by its own query builder
// (loaded through tsx), so the plans the benchmark prints are the plans the API gets rather than
// a hand-copied approximation that drifts.
import { register } from 'tsx/esm/api';

const PAGE_PREFIX = 'select "id" from "events" where ';

/**
 * The list's count: the page query's WHERE clause (its parameters come first; ORDER BY and
 * LIMIT add theirs after) under count(*), as countEvents builds it.
 */
function countQuery(name, sql, params) {
  const cut = sql.lastIndexOf(' order by ');
  if (!sql.startsWith(PAGE_PREFIX) || cut < 0) throw new Error(`unexpected page SQL: ${sql}`);
  const where = sql.slice(PAGE_PREFIX.length, cut);
  const used = Math.max(0, ...[...where.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
  return {
    name,
    sql: `select count(*) from "events" where ${where}`,
    params: params.slice(0, used),
  };
}

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
      const { sql, params } = queries.eventIdsQuery(db, filter, now).toSQL();
      const page = { name: `${name} (page)`, sql, params };
      return withCount ? [page, countQuery(`${name} (count)`, sql, params)] : [page];
    });
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  } finally {
    await unregister();
  }
}
