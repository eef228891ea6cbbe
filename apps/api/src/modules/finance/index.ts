/**
 * The finance module's surface: other modules write money movements through these and nothing
 * else (the tables are the ledger's own).
 */
export { appendLedger, availableAfter, ledgerInsert, type LedgerMovement } from './ledger';
export { financeRoutes } from './routes';
export { PageViewCounter } from './page-views';
