import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hafla/shared/events/events';
import type { TicketCategory } from '@hafla/shared/ticket-categories/ticket-categories';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTicketCategories } from '../api/get-ticket-categories';
import { TicketCategoryForm } from './ticket-category-form';
import classes from './organizer.module.css';

type Editing = { kind: 'new' } | { kind: 'existing'; id: number } | null;

function CategoryFacts({ event, category }: { event: Event; category: TicketCategory }) {
  const { t, i18n } = useTranslation('organizer');
  const language = i18n.language;
  const when = (iso: string) => formatDateTime(iso, event.timezone, language);
  const salesWindow =
    category.sales_start && category.sales_end
      ? t('tickets.salesBetween', {
          from: when(category.sales_start),
          until: when(category.sales_end),
        })
      : category.sales_start
        ? t('tickets.salesFrom', { from: when(category.sales_start) })
        : category.sales_end
          ? t('tickets.salesUntil', { until: when(category.sales_end) })
          : t('tickets.salesAlways');
  return (
    <dl className={classes.facts}>
      <dt>{t('tickets.priceLabel')}</dt>
      <dd>
        {category.price === 0
          ? t('tickets.freeLabel')
          : formatMoney(category.price, event.currency, language)}
      </dd>
      <dt>{t('tickets.quantityLabel')}</dt>
      <dd>{t('tickets.perSlot', { count: category.quantity })}</dd>
      <dt>{t('tickets.soldLabel')}</dt>
      <dd>{category.sold}</dd>
      <dt>{t('tickets.perOrderLabel')}</dt>
      <dd>{t('tickets.perOrder', { min: category.min_per_order, max: category.max_per_order })}</dd>
      <dt>{t('tickets.salesLabel')}</dt>
      <dd>{salesWindow}</dd>
    </dl>
  );
}

export interface TicketCategoriesStepProps {
  event: Event;
  readOnly: boolean;
}

export function TicketCategoriesStep({ event, readOnly }: TicketCategoriesStepProps) {
  const { t } = useTranslation('organizer');
  const categories = useTicketCategories(event.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [savedName, setSavedName] = useState<string | null>(null);
  const results = categories.data?.results ?? [];

  function saved(category: TicketCategory) {
    setEditing(null);
    setSavedName(category.name);
  }

  if (categories.isPending) return <PageLoader />;
  if (categories.isError) {
    return <QueryError error={categories.error} onRetry={() => void categories.refetch()} />;
  }

  return (
    <Stack gap="lg">
      <Text>{t('tickets.lead')}</Text>
      {savedName && <FormAlert tone="success" message={t('tickets.saved', { name: savedName })} />}
      {results.length === 0 && editing === null && <Text>{t('tickets.empty')}</Text>}
      <ul className={classes.plainList}>
        {results.map((category) => (
          <li key={category.id} className={classes.card}>
            {editing?.kind === 'existing' && editing.id === category.id ? (
              <Stack gap="sm">
                <Title order={3}>{t('tickets.editTitle', { name: category.name })}</Title>
                <TicketCategoryForm
                  event={event}
                  category={category}
                  onSaved={saved}
                  onCancel={() => setEditing(null)}
                />
              </Stack>
            ) : (
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Title order={3}>{category.name}</Title>
                    {category.description && <Text size="sm">{category.description}</Text>}
                  </Stack>
                  {!readOnly && (
                    <Button
                      variant="default"
                      onClick={() => {
                        setSavedName(null);
                        setEditing({ kind: 'existing', id: category.id });
                      }}
                      aria-label={t('tickets.editNamed', { name: category.name })}
                    >
                      {t('actions.edit')}
                    </Button>
                  )}
                </Group>
                <CategoryFacts event={event} category={category} />
              </Stack>
            )}
          </li>
        ))}
      </ul>
      {!readOnly &&
        (editing?.kind === 'new' ? (
          <section className={classes.card} aria-labelledby="ticket-category-new">
            <Stack gap="sm">
              <Title order={3} id="ticket-category-new">
                {t('tickets.newTitle')}
              </Title>
              <TicketCategoryForm event={event} onSaved={saved} onCancel={() => setEditing(null)} />
            </Stack>
          </section>
        ) : (
          <Group>
            <Button
              variant="outline"
              onClick={() => {
                setSavedName(null);
                setEditing({ kind: 'new' });
              }}
            >
              {t('tickets.addButton')}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
