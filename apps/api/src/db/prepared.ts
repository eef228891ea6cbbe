import type { Db } from './client';

/**
 * A drizzle statement prepared once per database handle (`.prepare(name)` inside `build`): on
 * PostgreSQL a named statement, parsed and planned once per connection instead of on every call,
 * for the reads of the hot paths (a payment's context, a confirmation email's booking). Its
 * values are `sql.placeholder`s, bound on `execute`.
 */
export function preparedPerDb<S>(build: (db: Db) => S): (db: Db) => S {
  const statements = new WeakMap<Db, S>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
