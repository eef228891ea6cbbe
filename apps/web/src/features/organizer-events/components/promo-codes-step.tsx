import '@mantine/core/styles/Badge.layer.css';
import { Badge, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hafla/shared/events/events';
import type { PromoCode } from '@hafla/shared/promo-codes/promo-codes';
import type { TicketCategory } from '@hafla/shared/ticket-categories/ticket-categories';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime, formatMoney, intlLocale } from '../../../lib/format';
import { usePromoCodes } from '../api/get-promo-codes';
import { useDeleteEventPart } from '../api/remove-event-parts';
import { useTicketCategories } from '../api/get-ticket-categories';
import { isolate } from '../../../lib/bidi';
import { EditableListStep } from './editable-list-step';
import { PromoCodeForm } from './promo-code-form';
import classes from './organizer.module.css';

const LIST_FORMAT: Intl.ListFormatOptions = { type: 'conjunction' };

function PromoFacts({
  event,
  promoCode,
  categories,
}: {
  event: Event;
  promoCode: PromoCode;
  categories: readonly TicketCategory[];
}) {
  const { t, i18n } = useTranslation('organizer');
  const language = i18n.language;
  const when = (iso: string) => formatDateTime(iso, event.timezone, language);
  const discount =
    promoCode.discount_type === 'percentage'
      ? t('promo.percentOff', { value: promoCode.value })
      : t('promo.amountOff', { amount: formatMoney(promoCode.value, event.currency, language) });
  const validity =
    promoCode.valid_from && promoCode.valid_until
      ? t('promo.validBetween', {
          from: when(promoCode.valid_from),
          until: when(promoCode.valid_until),
        })
      : promoCode.valid_from
        ? t('promo.validFromOnly', { from: when(promoCode.valid_from) })
        : promoCode.valid_until
          ? t('promo.validUntilOnly', { until: when(promoCode.valid_until) })
          : t('promo.validAlways');
  const names = promoCode.ticket_categories
    .map((id) => categories.find((category) => category.id === id)?.name)
    .filter((name): name is string => Boolean(name));
  return (
    <dl className={classes.facts}>
      <dt>{t('promo.discountLabel')}</dt>
      <dd>{discount}</dd>
      <dt>{t('promo.usesLabel')}</dt>
      <dd>
        {promoCode.max_uses === null
          ? t('promo.usesUnlimited', { count: promoCode.uses })
          : t('promo.usesOf', { count: promoCode.uses, max: promoCode.max_uses })}
        {promoCode.max_uses_per_user !== null &&
          ` · ${t('promo.perUser', { max: promoCode.max_uses_per_user })}`}
      </dd>
      <dt>{t('promo.validLabel')}</dt>
      <dd>{validity}</dd>
      <dt>{t('promo.appliesLabel')}</dt>
      <dd>
        {names.length === 0
          ? t('promo.appliesAll')
          : new Intl.ListFormat(intlLocale(language), LIST_FORMAT).format(names)}
      </dd>
    </dl>
  );
}

export interface PromoCodesStepProps {
  event: Event;
  readOnly: boolean;
}

export function PromoCodesStep({ event, readOnly }: PromoCodesStepProps) {
  const { t } = useTranslation('organizer');
  const promoCodes = usePromoCodes(event.id);
  const remove = useDeleteEventPart(event.id, 'promo_codes');
  const categories = useTicketCategories(event.id);
  const categoryList = categories.data?.results ?? [];

  if (promoCodes.isPending || categories.isPending) return <PageLoader />;
  if (promoCodes.isError) {
    return <QueryError error={promoCodes.error} onRetry={() => void promoCodes.refetch()} />;
  }

  return (
    <EditableListStep
      items={promoCodes.data.results}
      readOnly={readOnly}
      lead={t('promo.lead')}
      empty={t('promo.empty')}
      addLabel={t('promo.addButton')}
      newTitle={t('promo.newTitle')}
      savedMessage={(promoCode) => t('promo.saved', { code: promoCode.code })}
      editTitle={(promoCode) => (
        <>
          {t('promo.editTitle')}{' '}
          <span dir="ltr" className={classes.mono}>
            {promoCode.code}
          </span>
        </>
      )}
      editLabel={(promoCode) => t('promo.editNamed', { code: promoCode.code })}
      renderHeading={(promoCode) => (
        <Group gap="sm">
          <Title order={3} dir="ltr" className={classes.mono}>
            {promoCode.code}
          </Title>
          <Badge
            variant="light"
            color={promoCode.is_active ? 'green' : 'gray'}
            styles={{ root: { color: 'var(--mantine-color-text)' } }}
          >
            {promoCode.is_active ? t('promo.activeBadge') : t('promo.inactiveBadge')}
          </Badge>
        </Group>
      )}
      renderFacts={(promoCode) => (
        <PromoFacts event={event} promoCode={promoCode} categories={categoryList} />
      )}
      renderForm={({ item, onSaved, onCancel }) => (
        <PromoCodeForm
          event={event}
          categories={categoryList}
          promoCode={item}
          onSaved={onSaved}
          onCancel={onCancel}
        />
      )}
      deletion={{
        label: (promoCode) => t('promo.deleteNamed', { code: promoCode.code }),
        title: (promoCode) => t('promo.deleteTitle', { code: isolate(promoCode.code) }),
        text: () => t('promo.deleteText'),
        deletedMessage: (promoCode) => t('promo.deleted', { code: isolate(promoCode.code) }),
        remove: (promoCode) => remove.mutateAsync(promoCode.id),
      }}
    />
  );
}
