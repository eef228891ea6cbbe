import '@mantine/core/styles/Accordion.layer.css';
import { Accordion, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useFaq } from '../api/get-faq';
import { TextParagraphs } from '../components/text-paragraphs';
import classes from '../components/catalog.module.css';

export function FaqPage() {
  const { t } = useTranslation(['catalog', 'common']);
  const faq = useFaq();
  usePageMeta({
    title: t('faq.meta.title'),
    description: t('faq.meta.description'),
    keywords: t('faq.meta.keywords'),
    siteName: t('common:app.name'),
  });

  const entries = faq.data ? [...faq.data.results].sort((a, b) => a.position - b.position) : [];

  return (
    <Stack gap="lg" className={classes.prose}>
      <div>
        <Title order={1} mb="xs">
          {t('faq.heading')}
        </Title>
        <Text size="lg">{t('faq.lead')}</Text>
      </div>
      {faq.isPending ? (
        <PageLoader />
      ) : faq.isError ? (
        <QueryError error={faq.error} onRetry={() => void faq.refetch()} />
      ) : entries.length === 0 ? (
        <Text>{t('faq.empty')}</Text>
      ) : (
        <Accordion variant="separated" order={2} multiple>
          {entries.map((entry) => (
            <Accordion.Item key={entry.id} value={String(entry.id)}>
              <Accordion.Control>{entry.question}</Accordion.Control>
              <Accordion.Panel>
                <TextParagraphs body={entry.answer} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
