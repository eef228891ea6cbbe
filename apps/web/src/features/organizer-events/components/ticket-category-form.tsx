import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hafla/shared/events/events';
import type {
  MAX_PRICE as SHARED_MAX_PRICE,
  MAX_QUANTITY as SHARED_MAX_QUANTITY,
  TicketCategory,
} from '@hafla/shared/ticket-categories/ticket-categories';
import { FieldPair } from '../../../components/field-pair';
import { FormAlert } from '../../../components/form-alert';
import { useForm } from '../../../lib/use-form';
import { useSaveTicketCategory } from '../api/save-ticket-category';
import { amountInputValue, parseAmount, parseWholeNumber } from '../../../lib/amount-input';
import {
  DATE_RANGE_YEARS,
  dateTimeWindowRules,
  fromLocalInput,
  toLocalInput,
} from '../lib/date-time-window';
import { useAmountRule } from '../lib/use-amount-rule';
import { DateTimeWindowFields } from './date-time-window-fields';
import { FormActions } from './form-actions';
import classes from './organizer.module.css';

// Mirrors the shared bounds without pulling zod into the page chunk; tsc fails if they drift.
const MAX_PRICE: typeof SHARED_MAX_PRICE = 1_000_000_000;
const MAX_QUANTITY: typeof SHARED_MAX_QUANTITY = 1_000_000;
const MAX_PER_ORDER = 100;

type CategoryValues = {
  name: string;
  description: string;
  is_free: boolean;
  price: string;
  quantity: string;
  sales_start: string;
  sales_end: string;
  min_per_order: string;
  max_per_order: string;
};

export interface TicketCategoryFormProps {
  event: Event;
  /** The category being edited; absent to add one. */
  category?: TicketCategory;
  onSaved: (category: TicketCategory) => void;
  onCancel: () => void;
}

export function TicketCategoryForm({
  event,
  category,
  onSaved,
  onCancel,
}: TicketCategoryFormProps) {
  const { t } = useTranslation(['organizer', 'common']);
  const save = useSaveTicketCategory(event.id);
  const { currency, timezone } = event;
  const sold = category?.sold ?? 0;

  const wholeNumberIn = (min: number, max: number) => (text: string) => {
    const value = parseWholeNumber(text);
    return value !== null && value >= min && value <= max
      ? null
      : t('validation.wholeNumberRange', { min, max });
  };
  const amountRule = useAmountRule(currency);
  const salesWindow = dateTimeWindowRules({
    invalid: t('validation.chooseDateTime'),
    endBeforeStart: t('validation.salesEndBeforeStart'),
    outOfRange: t('validation.dateOutOfRange', DATE_RANGE_YEARS),
  });

  const form = useForm<CategoryValues>({
    initialValues: category
      ? {
          name: category.name,
          description: category.description,
          is_free: category.price === 0,
          price: category.price === 0 ? '' : amountInputValue(category.price, currency),
          quantity: String(category.quantity),
          sales_start: toLocalInput(category.sales_start, timezone),
          sales_end: toLocalInput(category.sales_end, timezone),
          min_per_order: String(category.min_per_order),
          max_per_order: String(category.max_per_order),
        }
      : {
          name: '',
          description: '',
          is_free: false,
          price: '',
          quantity: '',
          sales_start: '',
          sales_end: '',
          min_per_order: '1',
          max_per_order: String(Math.min(event.max_tickets_per_order, MAX_PER_ORDER)),
        },
    validate: {
      name: (name) => (name.trim() ? null : t('common:form.required')),
      price: (price, values) =>
        values.is_free
          ? null
          : amountRule(price, {
              empty: t('validation.priceRequired'),
              zero: t('validation.priceZero'),
              max: { minor: MAX_PRICE, message: t('validation.priceTooHigh') },
            }),
      quantity: (text) => {
        const quantity = parseWholeNumber(text);
        if (quantity === null || quantity < 1 || quantity > MAX_QUANTITY) {
          return t('validation.wholeNumberRange', { min: 1, max: MAX_QUANTITY });
        }
        return quantity < sold ? t('validation.quantityBelowSold', { sold }) : null;
      },
      sales_start: salesWindow.start,
      sales_end: (text, values) => salesWindow.end(text, values.sales_start),
      min_per_order: wholeNumberIn(1, MAX_PER_ORDER),
      max_per_order: (text, values) => {
        const problem = wholeNumberIn(1, MAX_PER_ORDER)(text);
        if (problem) return problem;
        const minimum = parseWholeNumber(values.min_per_order);
        return minimum !== null && (parseWholeNumber(text) ?? 0) < minimum
          ? t('validation.maxBelowMin')
          : null;
      },
    },
  });
  const { values } = form;

  const submit = form.onSubmit((current) => {
    const price = current.is_free ? 0 : parseAmount(current.price, currency);
    const fields = {
      name: current.name.trim(),
      description: current.description.trim(),
      price: typeof price === 'number' ? price : price.ok ? price.minor : 0,
      quantity: parseWholeNumber(current.quantity) ?? 0,
      sales_start: fromLocalInput(current.sales_start, timezone),
      sales_end: fromLocalInput(current.sales_end, timezone),
      min_per_order: parseWholeNumber(current.min_per_order) ?? 1,
      max_per_order: parseWholeNumber(current.max_per_order) ?? 1,
    };
    const options = { onSuccess: onSaved, onError: form.showApiError };
    if (category) save.mutate({ categoryId: category.id, body: fields }, options);
    else save.mutate({ body: { event: event.id, ...fields } }, options);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <TextInput
          label={t('tickets.name')}
          description={t('tickets.nameHint')}
          required
          maxLength={100}
          {...form.inputs.name}
        />
        <Textarea
          label={t('tickets.description')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          {...form.inputs.description}
        />
        <Switch
          label={t('tickets.free')}
          checked={values.is_free}
          onChange={(changeEvent) =>
            form.setFieldValue('is_free', changeEvent.currentTarget.checked)
          }
          size="md"
        />
        <div className={classes.twoColumns}>
          {!values.is_free && (
            <TextInput
              label={t('tickets.price', { currency })}
              description={t('tickets.priceHint', { currency })}
              inputMode="decimal"
              dir="ltr"
              required
              {...form.inputs.price}
            />
          )}
          <TextInput
            label={t('tickets.quantity')}
            description={
              sold > 0 ? t('tickets.quantitySoldHint', { sold }) : t('tickets.quantityHint')
            }
            inputMode="numeric"
            required
            {...form.inputs.quantity}
          />
        </div>
        <DateTimeWindowFields
          timeZone={timezone}
          start={{
            label: t('tickets.salesStart'),
            description: t('tickets.salesStartHint'),
            ...form.inputs.sales_start,
          }}
          end={{
            label: t('tickets.salesEnd'),
            description: t('tickets.salesEndHint'),
            ...form.inputs.sales_end,
          }}
        />
        <FieldPair>
          <TextInput
            label={t('tickets.minPerOrder')}
            inputMode="numeric"
            required
            {...form.inputs.min_per_order}
          />
          <TextInput
            label={t('tickets.maxPerOrder')}
            inputMode="numeric"
            required
            {...form.inputs.max_per_order}
          />
        </FieldPair>
        <FormActions
          submitLabel={category ? t('tickets.save') : t('tickets.add')}
          isSaving={save.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
