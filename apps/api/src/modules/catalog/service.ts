import type { AppInfo } from '@hafla/shared/catalog/app-config';
import type { Category } from '@hafla/shared/catalog/categories';
import type { ConfigurationPage } from '@hafla/shared/catalog/configuration-pages';
import type { EventType } from '@hafla/shared/catalog/event-types';
import type { FaqEntry } from '@hafla/shared/catalog/faq';
import type { ProblemReport, ProblemReportRequest } from '@hafla/shared/catalog/problem-reports';
import { LANGUAGES, directionOf, type Language } from '@hafla/shared/common/i18n';
import type { PaginationQuery } from '@hafla/shared/common/pagination';
import { APP_NAME, APP_VERSION } from '@hafla/shared/common/version';
import type { Db } from '../../db/client';
import { readPlatformSettings } from './platform-settings';
import { fieldError, notFound } from '../../lib/app-error';
import * as queries from './queries';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

/** Picks `<field>_<language>` from a bilingual row. */
function localized<R extends Record<string, unknown>>(
  row: R,
  field: string,
  language: Language,
): string {
  // An Arabic text an admin left empty falls back to the English.
  return String(row[`${field}_${language}`] || row[`${field}_en`] || '');
}

export async function listCategories(db: Db, language: Language, window: PaginationQuery) {
  const { rows, count } = await queries.findCategories(db, window);
  return { count, results: rows.map((row) => toCategory(row, language)) };
}

export async function getCategory(db: Db, language: Language, id: number): Promise<Category> {
  const row = await queries.findCategory(db, id);
  if (!row) throw notFound();
  return toCategory(row, language);
}

function toCategory(
  row: Awaited<ReturnType<typeof queries.findCategory>> & object,
  language: Language,
): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: localized(row, 'name', language),
    description: localized(row, 'description', language),
    icon: row.icon,
  };
}

export async function listEventTypes(db: Db, language: Language, window: PaginationQuery) {
  const { rows, count } = await queries.findEventTypes(db, window);
  const results: EventType[] = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: localized(row, 'name', language),
  }));
  return { count, results };
}

export async function listFaq(db: Db, language: Language, window: PaginationQuery) {
  const { rows, count } = await queries.findFaqEntries(db, window);
  const results: FaqEntry[] = rows.map((row) => ({
    id: row.id,
    question: localized(row, 'question', language),
    answer: localized(row, 'answer', language),
    position: row.position,
  }));
  return { count, results };
}

export async function getConfigurationPage(
  db: Db,
  language: Language,
  idOrSlug: string,
): Promise<ConfigurationPage> {
  const key = /^\d+$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug };
  const row = await queries.findConfigurationPage(db, key);
  if (!row) throw notFound();
  return {
    id: row.id,
    slug: row.slug,
    title: localized(row, 'title', language),
    body: localized(row, 'body', language),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function getAppInfo(
  db: Db,
  language: Language,
  monitoringDsn: string | null,
): Promise<AppInfo> {
  const settings = await readPlatformSettings(db);
  return {
    name: APP_NAME,
    version: APP_VERSION,
    default_language: 'en',
    languages: LANGUAGES.map((code) => ({
      code,
      name: LANGUAGE_NAMES[code],
      dir: directionOf(code),
    })),
    default_currency: settings.default_currency,
    currencies: settings.currencies.map((currency) => ({
      code: currency.code,
      name: localized(currency, 'name', language),
      minor_units: currency.minor_units,
    })),
    limits: {
      events_published_per_month: settings.events_published_per_month,
      max_tickets_per_order: settings.max_tickets_per_order,
      hold_minutes: settings.hold_minutes,
      max_upload_bytes: settings.max_upload_bytes,
    },
    monitoring: { dsn: monitoringDsn, tunnel: '/monitoring' },
  };
}

export async function createProblemReport(
  db: Db,
  reporterId: string,
  input: ProblemReportRequest,
): Promise<ProblemReport> {
  // Only an event people can see may be reported; a draft answers like a missing one.
  if (input.event != null && !(await queries.isVisibleEvent(db, input.event))) {
    throw fieldError('does_not_exist', 'event');
  }
  const row = await queries.insertProblemReport(db, {
    reporterId,
    eventId: input.event ?? null,
    subject: input.subject,
    message: input.message,
  });
  return toProblemReport(row);
}

function toProblemReport(
  row: Awaited<ReturnType<typeof queries.insertProblemReport>>,
): ProblemReport {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    event: row.event_id,
    // The reporter sees two states; staff work through four (new, in progress, …).
    status: row.status === 'resolved' || row.status === 'dismissed' ? 'resolved' : 'open',
    created_at: row.created_at.toISOString(),
  };
}
