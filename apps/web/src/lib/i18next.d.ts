import type common from '../locales/en/common.json';
import type catalog from '../locales/en/catalog.json';
import type auth from '../locales/en/auth.json';
import type profile from '../locales/en/profile.json';
import type events from '../locales/en/events.json';
import type social from '../locales/en/social.json';
import type organizer from '../locales/en/organizer.json';
import type tickets from '../locales/en/tickets.json';
import type booking from '../locales/en/booking.json';
import type notifications from '../locales/en/notifications.json';
import type door from '../locales/en/door.json';
import type finance from '../locales/en/finance.json';
import type admin from '../locales/en/admin.json';
import type charts from '../locales/en/charts.json';
import type seats from '../locales/en/seats.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      catalog: typeof catalog;
      auth: typeof auth;
      profile: typeof profile;
      events: typeof events;
      social: typeof social;
      organizer: typeof organizer;
      tickets: typeof tickets;
      booking: typeof booking;
      notifications: typeof notifications;
      door: typeof door;
      finance: typeof finance;
      admin: typeof admin;
      charts: typeof charts;
      seats: typeof seats;
    };
  }
}
