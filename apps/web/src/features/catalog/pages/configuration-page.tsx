import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isNotFoundError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { isConfigurationPageId, useConfigurationPage } from '../api/get-configuration-page';
import { splitParagraphs, TextParagraphs } from '../components/text-paragraphs';
import classes from '../components/catalog.module.css';

const META_DESCRIPTION_LENGTH = 160;

function summarise(body: string): string | undefined {
  const first = splitParagraphs(body)[0];
  if (!first) return undefined;
  return first.length > META_DESCRIPTION_LENGTH
    ? `${first.slice(0, META_DESCRIPTION_LENGTH - 1).trimEnd()}…`
    : first;
}

function formatDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

function ConfigurationPageContent({ idOrSlug }: { idOrSlug: string }) {
  const { t, i18n } = useTranslation(['catalog', 'common']);
  const page = useConfigurationPage(idOrSlug);
  usePageMeta({
    title: page.data?.title ?? t('configurationPage.meta.title'),
    description:
      (page.data && summarise(page.data.body)) ?? t('configurationPage.meta.description'),
    keywords: t('configurationPage.meta.keywords'),
    siteName: t('common:app.name'),
  });

  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    return isNotFoundError(page.error) ? (
      <NotFound />
    ) : (
      <QueryError error={page.error} onRetry={() => void page.refetch()} />
    );
  }

  return (
    <Stack component="article" gap="md" className={classes.prose}>
      <div>
        <Title order={1} mb="xs">
          {page.data.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('configurationPage.updated', {
            date: formatDate(page.data.updated_at, i18n.language),
          })}
        </Text>
      </div>
      <div>
        <TextParagraphs body={page.data.body} />
      </div>
    </Stack>
  );
}

export function ConfigurationPageView() {
  const { slug = '' } = useParams();
  // A malformed slug can never exist; answering not-found here spares a request.
  if (!isConfigurationPageId(slug)) return <NotFound />;
  return <ConfigurationPageContent idOrSlug={slug} />;
}
