import type {
  AdminHomePageConfig,
  HomePageConfig,
  HomePageConfigRequest,
  HomeSection,
  HomeSectionSetting,
} from '@hafla/shared/catalog/app-config';
import type { Language } from '@hafla/shared/common/i18n';
import type { Db } from '../../db/client';
import { seedHomeSections } from '../../db/seed/catalog-data';
import { fieldError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import * as queries from './queries';

/**
 * The catalog module's public surface for the home page: the configured sections (what admins
 * stored, else the seed's), in display order and in the reader's language.
 */

export const HOME_PAGE_CONFIG_KEY = 'home-page-config';

export async function getHomePageConfig(db: Db, language: Language): Promise<HomePageConfig> {
  const stored = (await queries.findSetting(db, HOME_PAGE_CONFIG_KEY)) as
    HomeSectionSetting[] | null;
  return toHomePageConfig(stored ?? seedHomeSections, language);
}

/** What admins stored (else the seed's), both languages, hidden sections included. */
export async function getAdminHomePageConfig(db: Db): Promise<AdminHomePageConfig> {
  const stored = (await queries.findSetting(db, HOME_PAGE_CONFIG_KEY)) as
    HomeSectionSetting[] | null;
  return {
    key: HOME_PAGE_CONFIG_KEY,
    value: (stored ?? seedHomeSections)
      .map((section) => ({
        ...section,
        category: section.category ?? null,
        hidden: section.hidden ?? false,
      }))
      .sort((a, b) => a.position - b.position),
  };
}

function toHomePageConfig(settings: HomeSectionSetting[], language: Language): HomePageConfig {
  const sections: HomeSection[] = settings
    .filter((section) => !section.hidden)
    .map((section) => ({
      id: section.id,
      kind: section.kind,
      position: section.position,
      title: (language === 'ar' ? section.title_ar : section.title_en) || section.title_en,
      category: section.category ?? null,
    }))
    .sort((a, b) => a.position - b.position);
  return { key: HOME_PAGE_CONFIG_KEY, value: sections };
}

/**
 * Replaces the sections (admins). A `category` section must name an existing category slug;
 * other kinds carry no category; section ids are unique.
 */
export async function saveHomePageConfig(
  db: Db,
  actor: AuditActor,
  input: HomePageConfigRequest,
  language: Language,
): Promise<HomePageConfig> {
  const seen = new Set<string>();
  input.value.forEach((section, index) => {
    if (seen.has(section.id)) throw fieldError('unique', `value.${index}.id`);
    seen.add(section.id);
  });
  const slugs = await queries.findCategorySlugs(db);
  const settings: HomeSectionSetting[] = input.value.map((section, index) => {
    if (section.kind !== 'category') return { ...section, category: null };
    if (!section.category) throw fieldError('required', `value.${index}.category`);
    if (!slugs.has(section.category)) throw fieldError('does_not_exist', `value.${index}.category`);
    return section;
  });
  await db.transaction(async (tx) => {
    const before = await queries.findSetting(tx, HOME_PAGE_CONFIG_KEY, { lock: true });
    await queries.upsertSetting(tx, HOME_PAGE_CONFIG_KEY, settings);
    await recordAudit(tx, actor, {
      action: 'home_page_config.update',
      targetType: 'home_page_config',
      targetId: HOME_PAGE_CONFIG_KEY,
      before: before ?? seedHomeSections,
      after: settings,
    });
  });
  return toHomePageConfig(settings, language);
}
