import type { User } from '@hafla/shared/auth/users';
import type { Page } from '@hafla/shared/common/pagination';
import type { AppInfo, HomePageConfig } from '@hafla/shared/catalog/app-config';
import type { CategoryList } from '@hafla/shared/catalog/categories';
import type { ConfigurationPage } from '@hafla/shared/catalog/configuration-pages';
import type { EventTypeList } from '@hafla/shared/catalog/event-types';
import type { FaqList } from '@hafla/shared/catalog/faq';
import type { OwnProfile, PublicProfile } from '@hafla/shared/profile/profile';
import type { EventDetail, EventSummary, EventSummaryList } from '@hafla/shared/events/discovery';
import type { Home } from '@hafla/shared/events/home';
import type { OrganizerCard } from '@hafla/shared/social/follows';

export const appInfo: AppInfo = {
  name: 'Hafla',
  version: '0.1.0',
  default_language: 'en',
  languages: [
    { code: 'en', name: 'English', dir: 'ltr' },
    { code: 'ar', name: 'العربية', dir: 'rtl' },
  ],
  default_currency: 'USD',
  currencies: [{ code: 'USD', name: 'US dollar', minor_units: 2 }],
  limits: {
    events_published_per_month: 10,
    max_tickets_per_order: 10,
    hold_minutes: 10,
    max_upload_bytes: 5_000_000,
  },
  monitoring: { dsn: null, tunnel: '/monitoring' },
};

export const homePageConfig: HomePageConfig = {
  key: 'home-page-config',
  value: [
    {
      id: 'categories',
      kind: 'categories',
      title: 'Explore categories',
      position: 1,
      category: null,
    },
    { id: 'upcoming', kind: 'upcoming', title: 'Coming up', position: 2, category: null },
  ],
};

export const categories: CategoryList = {
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      id: 1,
      slug: 'music',
      name: 'Music',
      description: 'Concerts, festivals and live sets.',
      icon: '🎵',
    },
    { id: 2, slug: 'theatre', name: 'Theatre', description: 'Plays and musicals.', icon: '🎭' },
  ],
};

export const eventTypes: EventTypeList = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { id: 1, slug: 'in-person', name: 'In person' },
    { id: 2, slug: 'online', name: 'Online' },
  ],
};

export const faq: FaqList = {
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      id: 2,
      question: 'How long are tickets held while I pay?',
      answer: 'Your tickets are held for 10 minutes.',
      position: 2,
    },
    {
      id: 1,
      question: 'How do I book tickets?',
      answer: 'Open an event and pick a time slot.\n\nYour tickets arrive by email.',
      position: 1,
    },
  ],
};

export const termsPage: ConfigurationPage = {
  id: 1,
  slug: 'terms',
  title: 'Terms of use',
  body: 'By using Hafla you agree to these terms.\n\nOrganizers are responsible for their events.',
  updated_at: '2025-01-15T10:00:00.000Z',
};

export const user: User = {
  id: '5b0c6f0e-4a8e-4c1e-9d3c-2f1a7e6b9c01',
  email: 'sara@example.com',
  first_name: 'Sara',
  last_name: 'Haddad',
  phone: null,
  user_type: 'attendee',
  roles: ['attendee'],
  language: 'en',
  avatar: null,
  organization_name: null,
  bio: null,
  is_verified: true,
  is_profile_complete: true,
  created_at: '2025-01-15T10:00:00.000Z',
};

/** An organizer (the features' organizer screens sign in as them). */
export const organizer: User = {
  ...user,
  id: '0d3c6f0e-4a8e-4c1e-9d3c-2f1a7e6b9c02',
  email: 'omar@example.com',
  first_name: 'Omar',
  last_name: 'Khalil',
  user_type: 'organizer',
  roles: ['attendee', 'organizer'],
  organization_name: 'Nour Events',
};

/** One page holding all of `results`, as a paginated list answers it. */
export function page<T>(results: T[]): Page<T> {
  return { count: results.length, next: null, previous: null, results };
}

export const ownProfile: OwnProfile = {
  ...user,
  followers_count: 0,
  rating: { average: null, count: 0 },
};

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token shaped like the API's: the client only reads `sub`, `iat` and `exp`. */
export function accessToken(sub = user.id, lifetimeSeconds = 900): string {
  const iat = Math.floor(Date.now() / 1000);
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub, iat, exp: iat + lifetimeSeconds })}.signature`;
}

export const organizerId = '9d7f1c2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';

export const eventSummary: EventSummary = {
  id: 7,
  title: 'Oud Night at the Citadel',
  cover: null,
  cover_thumbnails: [],
  category: 1,
  category_name: 'Music',
  event_type: 1,
  event_type_name: 'In person',
  venue_name: 'Amman Citadel',
  address: 'Al-Qala’a, Amman',
  latitude: 31.9539,
  longitude: 35.9106,
  is_online: false,
  timezone: 'Asia/Amman',
  currency: 'SAR',
  status: 'published',
  next_date: { id: 71, start: '2030-05-03T19:00:00+03:00', end: '2030-05-03T21:00:00+03:00' },
  first_start: '2030-05-03T19:00:00+03:00',
  last_end: '2030-05-04T23:00:00+03:00',
  price_min: 5000,
  price_max: 12000,
  is_free: false,
  wishlist_count: 3,
  organizer: { id: organizerId, name: 'Nour Events', avatar: null },
  distance_km: null,
  is_wishlisted: false,
};

export function eventList(events: EventSummary[], count = events.length): EventSummaryList {
  return { count, next: null, previous: null, results: events };
}

export const eventDetail: EventDetail = {
  ...eventSummary,
  description: 'An evening of oud music.\n\nDoors open at 18:30.',
  requires_approval: false,
  max_tickets_per_order: 6,
  refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
  dates: [
    { id: 71, start: '2030-05-03T19:00:00+03:00', end: '2030-05-03T21:00:00+03:00' },
    { id: 72, start: '2030-05-03T21:30:00+03:00', end: '2030-05-03T23:00:00+03:00' },
    { id: 73, start: '2030-05-04T19:00:00+03:00', end: '2030-05-04T23:00:00+03:00' },
  ],
  ticket_categories: [
    {
      id: 1,
      name: 'Standard',
      description: '',
      price: 5000,
      sales_start: null,
      sales_end: null,
      min_per_order: 1,
      max_per_order: 6,
    },
    {
      id: 2,
      name: 'Front rows',
      description: 'The first three rows.',
      price: 12000,
      sales_start: null,
      sales_end: null,
      min_per_order: 1,
      max_per_order: 4,
    },
  ],
  organizer: {
    id: organizerId,
    name: 'Nour Events',
    avatar: null,
    bio: 'Concerts in Amman and Riyadh.',
    followers_count: 41,
    is_following: false,
  },
};

export const organizerCard: OrganizerCard = {
  id: organizerId,
  name: 'Nour Events',
  avatar: null,
  bio: 'Concerts in Amman and Riyadh.',
  followers_count: 41,
  upcoming_events_count: 3,
  is_following: false,
};

export const organizerProfile: PublicProfile = {
  id: organizerId,
  first_name: 'Omar',
  last_name: 'Khalil',
  avatar: null,
  user_type: 'organizer',
  organization_name: 'Nour Events',
  bio: 'Concerts in Amman and Riyadh.',
  is_following: false,
  followers_count: 41,
  rating: { average: null, count: 0 },
};

export const home: Home = {
  sections: [
    {
      id: 'categories',
      kind: 'categories',
      title: 'Browse by category',
      category: null,
      events: [],
      organizers: [],
    },
    {
      id: 'upcoming',
      kind: 'upcoming',
      title: 'Coming up soon',
      category: null,
      events: [eventSummary],
      organizers: [],
    },
    {
      id: 'near-me',
      kind: 'near_me',
      title: 'Near you',
      category: null,
      events: [],
      organizers: [],
    },
    {
      id: 'music',
      kind: 'category',
      title: 'Music and concerts',
      category: 1,
      events: [{ ...eventSummary, id: 8, title: 'Jazz in the Garden' }],
      organizers: [],
    },
    {
      id: 'popular',
      kind: 'popular',
      title: 'Popular now',
      category: null,
      events: [],
      organizers: [],
    },
    {
      id: 'organizers',
      kind: 'organizers',
      title: 'Organizers to follow',
      category: null,
      events: [],
      organizers: [organizerCard],
    },
  ],
};
