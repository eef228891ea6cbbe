import { sql, type SQL } from 'drizzle-orm';

const STATE_NAME = /^[a-z_]+$/;

/**
 * `('a', 'b')` for `x in …` in hand-written SQL, written as literals rather than parameters:
 * the statement's text stays what it was (partial indexes and prepared plans match on it).
 * Only plain state names are accepted, so nothing from a request can get in.
 */
export function stateList(states: readonly string[]): SQL {
  if (states.length === 0 || !states.every((state) => STATE_NAME.test(state))) {
    throw new Error(`not a list of state names: ${states.join(', ')}`);
  }
  return sql.raw(`(${states.map((state) => `'${state}'`).join(', ')})`);
}
