import * as accounts from './schema/accounts';
import * as admin from './schema/admin';
import * as bookings from './schema/bookings';
import * as catalog from './schema/catalog';
import * as charts from './schema/charts';
import * as door from './schema/door';
import * as events from './schema/events';
import * as finance from './schema/finance';
import * as idempotency from './schema/idempotency';
import * as mail from './schema/mail';
import * as notifications from './schema/notifications';
import * as payments from './schema/payments';
import * as ratings from './schema/ratings';
import * as sandboxGateway from './schema/sandbox-gateway';
import * as social from './schema/social';

/** Every table, one module per feature under schema/; drizzle-kit reads the same files. */
export const schema = {
  ...accounts,
  ...catalog,
  ...events,
  ...social,
  ...bookings,
  ...payments,
  ...idempotency,
  ...sandboxGateway,
  ...ratings,
  ...notifications,
  ...mail,
  ...door,
  ...finance,
  ...charts,
  ...admin,
};
export type Schema = typeof schema;
