import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hafla/shared/events/events';
import type { TicketCategory } from '@hafla/shared/ticket-categories/ticket-categories';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTicketCategories } from '../api/get-ticket-categories';
import { useDeleteEventPart } from '../api/remove-event-parts';
import { EditableListStep } from './editable-list-step';
import { TicketCategoryForm } from './ticket-category-form';
import classes from './organizer.module.css';
import { isolate } from '../../../lib/bidi';

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
  const remove = useDeleteEventPart(event.id, 'ticket_categories');

  if (categories.isPending) return <PageLoader />;
  if (categories.isError) {
    return <QueryError error={categories.error} onRetry={() => void categories.refetch()} />;
  }

  return (
    <EditableListStep
      items={categories.data.results}
      readOnly={readOnly}
      lead={t('tickets.lead')}
      empty={t('tickets.empty')}
      addLabel={t('tickets.addButton')}
      newTitle={t('tickets.newTitle')}
      savedMessage={(category) => t('tickets.saved', { name: isolate(category.name) })}
      editTitle={(category) => t('tickets.editTitle', { name: category.name })}
      editLabel={(category) => t('tickets.editNamed', { name: category.name })}
      renderHeading={(category) => (
        <Stack gap={2}>
          <Title order={3}>{category.name}</Title>
          {category.description && <Text size="sm">{category.description}</Text>}
        </Stack>
      )}
      renderFacts={(category) => <CategoryFacts event={event} category={category} />}
      renderForm={({ item, onSaved, onCancel }) => (
        <TicketCategoryForm event={event} category={item} onSaved={onSaved} onCancel={onCancel} />
      )}
      deletion={{
        label: (category) => t('tickets.deleteNamed', { name: category.name }),
        title: (category) => t('tickets.deleteTitle', { name: isolate(category.name) }),
        text: () => t('tickets.deleteText'),
        deletedMessage: (category) => t('tickets.deleted', { name: isolate(category.name) }),
        remove: (category) => remove.mutateAsync(category.id),
      }}
    />
  );
}
