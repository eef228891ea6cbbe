import * as accounts from './schema/accounts';
import * as catalog from './schema/catalog';

/** Every table, one module per feature under schema/; drizzle-kit reads the same files. */
export const schema = { ...accounts, ...catalog };
export type Schema = typeof schema;
