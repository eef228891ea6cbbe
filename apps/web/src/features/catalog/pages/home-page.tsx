import { Button, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useCategories } from '../api/get-categories';
import { useEventTypes } from '../api/get-event-types';
import { useHomePageConfig } from '../api/get-home-page-config';
import { CategoryGrid } from '../components/category-grid';
import { EventTypeList } from '../components/event-type-list';
import classes from '../components/catalog.module.css';

interface HomeSectionProps {
  title: string;
  children: ReactNode;
}

function HomeSection({ title, children }: HomeSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="md">
        {title}
      </Title>
      {children}
    </section>
  );
}

function CategoriesSection() {
  const { t } = useTranslation('catalog');
  const categories = useCategories();
  const homePageConfig = useHomePageConfig();
  // The admin-configured section title wins; the built-in one covers a missing config.
  const configuredTitle = homePageConfig.data?.value.find(
    (section) => section.kind === 'categories',
  )?.title;

  return (
    <HomeSection title={configuredTitle ?? t('home.categoriesTitle')}>
      {categories.isPending ? (
        <PageLoader />
      ) : categories.isError ? (
        <QueryError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : categories.data.results.length === 0 ? (
        <Text>{t('home.empty')}</Text>
      ) : (
        <CategoryGrid categories={categories.data.results} />
      )}
    </HomeSection>
  );
}

function EventTypesSection() {
  const { t } = useTranslation('catalog');
  const eventTypes = useEventTypes();
  return (
    <HomeSection title={t('home.eventTypesTitle')}>
      {eventTypes.isPending ? (
        <PageLoader />
      ) : eventTypes.isError ? (
        <QueryError error={eventTypes.error} onRetry={() => void eventTypes.refetch()} />
      ) : eventTypes.data.results.length === 0 ? (
        <Text>{t('home.empty')}</Text>
      ) : (
        <EventTypeList eventTypes={eventTypes.data.results} />
      )}
    </HomeSection>
  );
}

export function HomePage() {
  const { t } = useTranslation(['catalog', 'common']);
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
      <CategoriesSection />
      <EventTypesSection />
    </Stack>
  );
}
