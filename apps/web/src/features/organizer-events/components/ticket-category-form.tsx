import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Button, Group, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hafla/shared/events/events';
import type {
  MAX_PRICE as SHARED_MAX_PRICE,
  MAX_QUANTITY as SHARED_MAX_QUANTITY,
  TicketCategory,
} from '@hafla/shared/ticket-categories/ticket-categories';
import { isolate } from '../../../lib/bidi';
import { FormAlert } from '../../../components/form-alert';
import { useForm } from '../../../lib/use-form';
import { useSaveTicketCategory } from '../api/save-ticket-category';
import { amountInputValue, parseAmount, parseWholeNumber } from '../lib/amount-input';
import { splitMappedApiErrors } from '../lib/api-errors';
import { LOCAL_DATE_TIME_PATTERN, isoToLocalDateTime, localDateTimeToIso } from '../lib/zoned-time';
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
  const toLocal = (iso: string | null) => (iso ? isoToLocalDateTime(iso, timezone) : '');
  const sold = category?.sold ?? 0;

  const wholeNumberIn = (min: number, max: number) => (text: string) => {
    const value = parseWholeNumber(text);
    return value !== null && value >= min && value <= max
      ? null
      : t('validation.wholeNumberRange', { min, max });
  };
  const optionalDateTime = (text: string) =>
    !text || LOCAL_DATE_TIME_PATTERN.test(text) ? null : t('validation.chooseDateTime');

  const form = useForm<CategoryValues>({
    initialValues: category
      ? {
          name: category.name,
          description: category.description,
          is_free: category.price === 0,
          price: category.price === 0 ? '' : amountInputValue(category.price, currency),
          quantity: String(category.quantity),
          sales_start: toLocal(category.sales_start),
          sales_end: toLocal(category.sales_end),
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
      price: (price, values) => {
        if (values.is_free) return null;
        const parsed = parseAmount(price, currency);
        if (!parsed.ok) {
          if (parsed.reason === 'empty') return t('validation.priceRequired');
          if (parsed.reason === 'too_precise') return t('validation.priceTooPrecise');
          return t('validation.priceInvalid');
        }
        if (parsed.minor === 0) return t('validation.priceZero');
        return parsed.minor > MAX_PRICE ? t('validation.priceTooHigh') : null;
      },
      quantity: (text) => {
        const quantity = parseWholeNumber(text);
        if (quantity === null || quantity < 1 || quantity > MAX_QUANTITY) {
          return t('validation.wholeNumberRange', { min: 1, max: MAX_QUANTITY });
        }
        return quantity < sold ? t('validation.quantityBelowSold', { sold }) : null;
      },
      sales_start: optionalDateTime,
      sales_end: (text, values) => {
        const problem = optionalDateTime(text);
        if (problem || !text || !values.sales_start) return problem;
        return text > values.sales_start ? null : t('validation.salesEndBeforeStart');
      },
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
      sales_start: current.sales_start ? localDateTimeToIso(current.sales_start, timezone) : null,
      sales_end: current.sales_end ? localDateTimeToIso(current.sales_end, timezone) : null,
      min_per_order: parseWholeNumber(current.min_per_order) ?? 1,
      max_per_order: parseWholeNumber(current.max_per_order) ?? 1,
    };
    const options = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        const { fieldErrors, message } = splitMappedApiErrors(error, Object.keys(current));
        form.setErrors(fieldErrors);
        form.setFormError(message);
      },
    };
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
              description={t('tickets.priceHint')}
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
        <div className={classes.twoColumns}>
          <TextInput
            type="datetime-local"
            label={t('tickets.salesStart')}
            description={t('tickets.salesStartHint')}
            {...form.inputs.sales_start}
          />
          <TextInput
            type="datetime-local"
            label={t('tickets.salesEnd')}
            description={t('tickets.salesEndHint')}
            {...form.inputs.sales_end}
          />
        </div>
        <Text size="sm" c="dimmed">
          {t('tickets.zoneNote', { zone: isolate(timezone.replace(/_/g, ' ')) })}
        </Text>
        <div className={classes.pair}>
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
        </div>
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {category ? t('tickets.save') : t('tickets.add')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancelEditing')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
