import * as accounts from './schema/accounts';
import * as bookings from './schema/bookings';
import * as catalog from './schema/catalog';
import * as door from './schema/door';
import * as events from './schema/events';
import * as finance from './schema/finance';
import * as mail from './schema/mail';
import * as notifications from './schema/notifications';
import * as payments from './schema/payments';
import * as social from './schema/social';

/** Every table, one module per feature under schema/; drizzle-kit reads the same files. */
export const schema = {
  ...accounts,
  ...catalog,
  ...events,
  ...social,
  ...bookings,
  ...payments,
  ...notifications,
  ...mail,
  ...door,
  ...finance,
};
export type Schema = typeof schema;
