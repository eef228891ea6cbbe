import { z } from 'zod';

/** Database ids are 32-bit integers; a larger number is a field error, not a query that cannot run. */
export const MAX_DB_ID = 2_147_483_647;
export const DbId = z.number().int().min(1).max(MAX_DB_ID);
/** The same, read from a path or query string. */
export const DbIdParam = z.coerce.number().int().min(1).max(MAX_DB_ID);
