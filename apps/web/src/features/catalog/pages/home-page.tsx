import { Button, Stack, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Category } from '@hafla/shared/catalog/categories';
import type { HomeSectionContent } from '@hafla/shared/events/home';
import { QueryError } from '../../../components/query-error';
import { loadI18nNamespace } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { HydrateInTurn } from '../../../lib/hydrate-in-turns';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { datePresetRange, eventsPath } from '../../events/api/events-path';
import { useCategories } from '../api/get-categories';
import { useHome } from '../api/get-home';
import { CategoryChips } from '../components/category-chips';
import { EventRow, EventRowSkeleton } from '../components/event-row';
import { HomeSection } from '../components/home-section';
import classes from '../components/catalog.module.css';

// Below the fold, and heavier (a place picker, follow buttons): these load after the page shows.
const NearMeSection = lazy(async () => {
  const [module] = await Promise.all([
    import('../components/near-me-section'),
    loadI18nNamespace('events'),
  ]);
  return { default: module.NearMeSection };
});
const OrganizerRow = lazy(async () => {
  const [module] = await Promise.all([
    import('../components/organizer-row'),
    loadI18nNamespace('social'),
  ]);
  return { default: module.OrganizerRow };
});

/** The events list filtered the way a section picks its events, or null where none does. */
export function seeAllPath(
  section: Pick<HomeSectionContent, 'kind' | 'category'>,
  categories: readonly Category[],
): string | null {
  switch (section.kind) {
    case 'featured':
      return eventsPath();
    case 'upcoming':
      return eventsPath({ sort: 'soonest' });
    case 'this_weekend':
      return eventsPath(datePresetRange('weekend'));
    case 'popular':
      return eventsPath({ sort: 'popular' });
    case 'category': {
      if (section.category === null) return eventsPath();
      const category = categories.find((item) => item.id === section.category);
      return eventsPath({ category: category?.slug ?? String(section.category) });
    }
    default:
      return null;
  }
}

function CategoriesSection({ title }: { title: string }) {
  const { t } = useTranslation('catalog');
  const categories = useCategories();
  return (
    <HomeSection title={title}>
      {categories.isPending ? (
        <div className={classes.chips} aria-hidden="true" style={{ minBlockSize: 50 }} />
      ) : categories.isError ? (
        <QueryError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : categories.data.results.length === 0 ? (
        <Text>{t('home.empty')}</Text>
      ) : (
        <CategoryChips categories={categories.data.results} />
      )}
    </HomeSection>
  );
}

/** Sections drawn with the page; the ones after them are drawn when scrolled near. */
const FIRST_SCREEN_SECTIONS = 3;
/** Cards a row shows before it is scrolled sideways, on the widest screen. */
const FIRST_SCREEN_CARDS = 4;

const isShown = (section: HomeSectionContent) => {
  switch (section.kind) {
    case 'categories':
    case 'near_me':
      return true;
    case 'organizers':
      return section.organizers.length > 0;
    default:
      // An empty row says nothing: a quiet week simply shows fewer sections.
      return section.events.length > 0;
  }
};

interface HomeSectionViewProps {
  section: HomeSectionContent;
  categories: readonly Category[];
  isFirstScreen: boolean;
}

/**
 * One section. Below the first screen a section shows its heading over a skeleton until it
 * comes near the viewport: the first screen (the largest paint) then does not wait for cards,
 * code and images nobody sees yet.
 */
function HomeSectionView({ section, categories, isFirstScreen }: HomeSectionViewProps) {
  const ref = useRef<HTMLElement>(null);
  const isNear = useNearViewport(ref, isFirstScreen);
  // Sections whose code loads apart start as their skeleton even on the first screen, here and
  // in the server's render, so the browser hydrates what the server sent (decision 0026).
  const isMounted = useMounted();
  const loadsApart = isNear && isMounted;
  switch (section.kind) {
    case 'categories':
      return <CategoriesSection title={section.title} />;
    case 'near_me': {
      const shell = (
        <HomeSection ref={ref} title={section.title}>
          <EventRowSkeleton />
        </HomeSection>
      );
      return loadsApart ? (
        <Suspense fallback={shell}>
          <NearMeSection title={section.title} />
        </Suspense>
      ) : (
        shell
      );
    }
    case 'organizers':
      return (
        <HomeSection ref={ref} title={section.title}>
          {loadsApart ? (
            <Suspense fallback={<EventRowSkeleton />}>
              <OrganizerRow organizers={section.organizers} />
            </Suspense>
          ) : (
            <EventRowSkeleton />
          )}
        </HomeSection>
      );
    default:
      return (
        <HomeSection ref={ref} title={section.title} seeAllPath={seeAllPath(section, categories)}>
          {isNear ? (
            <EventRow
              events={section.events}
              priorityCount={isFirstScreen ? 1 : 0}
              eagerCount={isFirstScreen ? FIRST_SCREEN_CARDS : 0}
            />
          ) : (
            <EventRowSkeleton />
          )}
        </HomeSection>
      );
  }
}

function HomeSections({ sections }: { sections: readonly HomeSectionContent[] }) {
  const { data: categories } = useCategories();
  const shown = sections.filter(isShown);
  return shown.map((section, index) => (
    <HydrateInTurn key={section.id}>
      <HomeSectionView
        section={section}
        categories={categories?.results ?? []}
        isFirstScreen={index < FIRST_SCREEN_SECTIONS}
      />
    </HydrateInTurn>
  ));
}

export function HomePage() {
  const { t } = useTranslation(['catalog', 'common']);
  const home = useHome();
  usePageMeta({
    title: t('home.meta.title'),
    description: t('home.meta.description'),
    keywords: t('home.meta.keywords'),
    siteName: t('common:app.name'),
  });

  return (
    <Stack gap="xl">
      <Stack className={classes.hero} gap="md" align="flex-start">
        <Title order={1} className={classes.heroTitle}>
          {t('home.heading')}
        </Title>
        <Text size="lg" maw={640}>
          {t('home.lead')}
        </Text>
        <Button component={Link} to="/events" variant="white" color="brand.8">
          {t('home.browse')}
        </Button>
      </Stack>
      {home.isPending ? (
        <>
          <EventRowSkeleton />
          <EventRowSkeleton />
        </>
      ) : home.isError ? (
        <>
          <CategoriesSection title={t('home.categoriesTitle')} />
          <QueryError error={home.error} onRetry={() => void home.refetch()} />
        </>
      ) : (
        <HomeSections sections={home.data.sections} />
      )}
    </Stack>
  );
}
