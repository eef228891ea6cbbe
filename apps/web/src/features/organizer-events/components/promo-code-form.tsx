import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hafla/shared/events/events';
import type { DiscountType, PromoCode } from '@hafla/shared/promo-codes/promo-codes';
import type { TicketCategory } from '@hafla/shared/ticket-categories/ticket-categories';
import { FormAlert } from '../../../components/form-alert';
import { formatMoney } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { useSavePromoCode } from '../api/save-promo-code';
import { amountInputValue, parseAmount, parseWholeNumber } from '../../../lib/amount-input';
import {
  DATE_RANGE_YEARS,
  dateTimeWindowRules,
  fromLocalInput,
  toLocalInput,
} from '../lib/date-time-window';
import { useAmountRule } from '../lib/use-amount-rule';
import { DateTimeWindowFields } from './date-time-window-fields';
import { DescribedSwitch } from './described-switch';
import { FormActions } from './form-actions';
import classes from './organizer.module.css';

/** The shared PromoCodeText rule, mirrored without pulling zod into the page chunk. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
const MAX_USES = 1_000_000;
const MAX_USES_PER_USER = 1000;

type PromoValues = {
  code: string;
  discount_type: DiscountType;
  value: string;
  max_uses: string;
  max_uses_per_user: string;
  valid_from: string;
  valid_until: string;
  ticket_categories: string[];
  is_active: boolean;
};

export interface PromoCodeFormProps {
  event: Event;
  categories: readonly TicketCategory[];
  /** The code being edited; absent to add one. */
  promoCode?: PromoCode;
  onSaved: (promoCode: PromoCode) => void;
  onCancel: () => void;
}

export function PromoCodeForm({
  event,
  categories,
  promoCode,
  onSaved,
  onCancel,
}: PromoCodeFormProps) {
  const { t, i18n } = useTranslation(['organizer', 'common']);
  const save = useSavePromoCode(event.id);
  const { currency, timezone } = event;
  const optionalCount = (max: number) => (text: string) => {
    if (!text.trim()) return null;
    const value = parseWholeNumber(text);
    return value !== null && value >= 1 && value <= max
      ? null
      : t('validation.wholeNumberRange', { min: 1, max });
  };
  const amountRule = useAmountRule(currency);
  const validity = dateTimeWindowRules({
    invalid: t('validation.chooseDateTime'),
    endBeforeStart: t('validation.validUntilBeforeFrom'),
    outOfRange: t('validation.dateOutOfRange', DATE_RANGE_YEARS),
  });

  const form = useForm<PromoValues>({
    initialValues: promoCode
      ? {
          code: promoCode.code,
          discount_type: promoCode.discount_type,
          value:
            promoCode.discount_type === 'fixed'
              ? amountInputValue(promoCode.value, currency)
              : String(promoCode.value),
          max_uses: promoCode.max_uses === null ? '' : String(promoCode.max_uses),
          max_uses_per_user:
            promoCode.max_uses_per_user === null ? '' : String(promoCode.max_uses_per_user),
          valid_from: toLocalInput(promoCode.valid_from, timezone),
          valid_until: toLocalInput(promoCode.valid_until, timezone),
          ticket_categories: promoCode.ticket_categories.map(String),
          is_active: promoCode.is_active,
        }
      : {
          code: '',
          discount_type: 'percentage',
          value: '',
          max_uses: '',
          max_uses_per_user: '',
          valid_from: '',
          valid_until: '',
          ticket_categories: [],
          is_active: true,
        },
    validate: {
      code: (code) => (CODE_PATTERN.test(code.trim()) ? null : t('validation.promoCode')),
      value: (text, values) => {
        if (values.discount_type === 'percentage') {
          const percentage = parseWholeNumber(text);
          return percentage !== null && percentage >= 1 && percentage <= 100
            ? null
            : t('validation.wholeNumberRange', { min: 1, max: 100 });
        }
        const required = t('validation.amountRequired');
        return amountRule(text, { empty: required, zero: required });
      },
      max_uses: (text) => {
        const problem = optionalCount(MAX_USES)(text);
        const uses = promoCode?.uses ?? 0;
        // The API refuses it too (max_uses_below_uses); saying so here saves the round trip.
        if (problem || !text.trim() || (parseWholeNumber(text) ?? 0) >= uses) return problem;
        return t('validation.maxUsesBelowUses', { uses });
      },
      max_uses_per_user: optionalCount(MAX_USES_PER_USER),
      valid_from: validity.start,
      valid_until: (text, values) => validity.end(text, values.valid_from),
    },
  });
  const { values } = form;
  const isFixed = values.discount_type === 'fixed';

  const submit = form.onSubmit((current) => {
    const amount = parseAmount(current.value, currency);
    const body = {
      event: event.id,
      code: current.code.trim(),
      discount_type: current.discount_type,
      value:
        current.discount_type === 'fixed'
          ? amount.ok
            ? amount.minor
            : 0
          : (parseWholeNumber(current.value) ?? 0),
      max_uses: current.max_uses.trim() ? parseWholeNumber(current.max_uses) : null,
      max_uses_per_user: current.max_uses_per_user.trim()
        ? parseWholeNumber(current.max_uses_per_user)
        : null,
      valid_from: fromLocalInput(current.valid_from, timezone),
      valid_until: fromLocalInput(current.valid_until, timezone),
      ticket_categories: current.ticket_categories.map(Number),
      is_active: current.is_active,
    };
    const options = { onSuccess: onSaved, onError: form.showApiError };
    if (promoCode) save.mutate({ promoCodeId: promoCode.id, body }, options);
    else save.mutate({ body }, options);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <TextInput
          label={t('promo.code')}
          description={t('promo.codeHint')}
          required
          maxLength={32}
          dir="ltr"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          classNames={{ input: classes.mono }}
          {...form.inputs.code}
        />
        <Radio.Group
          label={t('promo.discountType')}
          value={values.discount_type}
          onChange={(type) => form.setFieldValue('discount_type', type as DiscountType)}
        >
          <Group gap="lg" mt="xs">
            <Radio value="percentage" label={t('promo.percentage')} />
            <Radio value="fixed" label={t('promo.fixed')} />
          </Group>
        </Radio.Group>
        <TextInput
          label={isFixed ? t('promo.amount', { currency }) : t('promo.percent')}
          inputMode={isFixed ? 'decimal' : 'numeric'}
          dir="ltr"
          required
          rightSection={isFixed ? undefined : <span aria-hidden="true">%</span>}
          {...form.inputs.value}
        />
        <div className={classes.twoColumns}>
          <TextInput
            label={t('promo.maxUses')}
            description={t('promo.unlimitedHint')}
            inputMode="numeric"
            {...form.inputs.max_uses}
          />
          <TextInput
            label={t('promo.maxUsesPerUser')}
            description={t('promo.unlimitedHint')}
            inputMode="numeric"
            {...form.inputs.max_uses_per_user}
          />
        </div>
        <DateTimeWindowFields
          timeZone={timezone}
          start={{
            label: t('promo.validFrom'),
            description: t('promo.validFromHint'),
            ...form.inputs.valid_from,
          }}
          end={{
            label: t('promo.validUntil'),
            description: t('promo.validUntilHint'),
            ...form.inputs.valid_until,
          }}
        />
        <Checkbox.Group
          label={t('promo.categories')}
          description={t('promo.categoriesHint')}
          value={values.ticket_categories}
          onChange={(ids) => form.setFieldValue('ticket_categories', ids)}
          error={form.errors.ticket_categories}
        >
          <Stack gap="xs" mt="xs">
            {categories.map((category) => (
              <Checkbox
                key={category.id}
                value={String(category.id)}
                label={`${category.name} · ${
                  category.price === 0
                    ? t('tickets.freeLabel')
                    : formatMoney(category.price, currency, i18n.language)
                }`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <DescribedSwitch
          label={t('promo.active')}
          description={t('promo.activeHint')}
          checked={values.is_active}
          onChange={(isActive) => form.setFieldValue('is_active', isActive)}
        />
        <FormActions submitLabel={t('promo.save')} isSaving={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
