import type { User } from '@hafla/shared/auth/users';
import type { AppInfo, HomePageConfig } from '@hafla/shared/catalog/app-config';
import type { CategoryList } from '@hafla/shared/catalog/categories';
import type { ConfigurationPage } from '@hafla/shared/catalog/configuration-pages';
import type { EventTypeList } from '@hafla/shared/catalog/event-types';
import type { FaqList } from '@hafla/shared/catalog/faq';
import type { OwnProfile } from '@hafla/shared/profile/profile';

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
