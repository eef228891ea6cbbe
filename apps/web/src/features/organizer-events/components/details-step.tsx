import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event, EventCreateRequest, EventUpdateRequest } from '@hafla/shared/events/events';
import { MAX_UPLOAD_BYTES } from '@hafla/shared/common/limits';
import { FieldPair } from '../../../components/field-pair';
import { FormAlert } from '../../../components/form-alert';
import { NO_IMAGE_CHANGE, useImageChange } from '../../../components/image-field';
import { useForm } from '../../../lib/use-form';
import { useAppInfo } from '../../catalog/api/get-app-info';
import { useCategories } from '../../catalog/api/get-categories';
import { useEventTypes } from '../../catalog/api/get-event-types';
import { useCreateEvent } from '../api/create-event';
import { useUpdateEvent } from '../api/update-event';
import { useUploadEventCover } from '../api/upload-event-cover';
import { parseDecimal, parseWholeNumber } from '../../../lib/amount-input';
import { splitMappedApiErrors } from '../lib/api-errors';
import { browserTimeZone, supportedTimeZones } from '../lib/time-zones';
import { CoverField } from './cover-field';
import { DescribedSwitch } from './described-switch';
import classes from './organizer.module.css';
import { TimeZoneSelect } from './time-zone-select';

/** The API's bounds (shared EventCreateRequest), mirrored without pulling zod into the chunk. */
const MAX_PER_ORDER = 100;
const MAX_REFUND_HOURS = 24 * 365;

type LocationKind = 'venue' | 'online';

type DetailsValues = {
  title: string;
  description: string;
  category: string;
  event_type: string;
  location_kind: LocationKind;
  venue_name: string;
  address: string;
  latitude: string;
  longitude: string;
  online_url: string;
  timezone: string;
  currency: string;
  requires_approval: boolean;
  max_tickets_per_order: string;
  refundable_until_hours: string;
  refund_percentage: string;
};

/** Wire names that differ from the form's. */
const ATTR_ALIASES: Record<string, string> = {
  is_online: 'location_kind',
  'refund_policy.refundable_until_hours': 'refundable_until_hours',
  'refund_policy.refund_percentage': 'refund_percentage',
  refund_policy: 'refund_percentage',
};

export interface DetailsSaved {
  event: Event;
  isNew: boolean;
  /** The event saved but its cover did not: the API's reason. */
  coverError: string | null;
}

export interface DetailsStepProps {
  event: Event | null;
  readOnly: boolean;
  onSaved: (saved: DetailsSaved) => void;
  /** A cover refusal carried over from creating the event. */
  initialCoverError?: string | null;
}

function initialValues(
  event: Event | null,
  defaults: { currency: string; maxPerOrder: number },
): DetailsValues {
  if (!event) {
    return {
      title: '',
      description: '',
      category: '',
      event_type: '',
      location_kind: 'venue',
      venue_name: '',
      address: '',
      latitude: '',
      longitude: '',
      online_url: '',
      timezone: browserTimeZone(),
      currency: defaults.currency,
      requires_approval: false,
      max_tickets_per_order: String(defaults.maxPerOrder),
      refundable_until_hours: '24',
      refund_percentage: '100',
    };
  }
  return {
    title: event.title,
    description: event.description,
    category: String(event.category),
    event_type: String(event.event_type),
    location_kind: event.is_online ? 'online' : 'venue',
    venue_name: event.venue_name,
    address: event.address,
    latitude: event.latitude === null ? '' : String(event.latitude),
    longitude: event.longitude === null ? '' : String(event.longitude),
    online_url: event.online_url ?? '',
    timezone: event.timezone,
    currency: event.currency,
    requires_approval: event.requires_approval,
    max_tickets_per_order: String(event.max_tickets_per_order),
    refundable_until_hours: String(event.refund_policy.refundable_until_hours),
    refund_percentage: String(event.refund_policy.refund_percentage),
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function toRequest(values: DetailsValues): EventCreateRequest {
  const isOnline = values.location_kind === 'online';
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: Number(values.category),
    event_type: Number(values.event_type),
    is_online: isOnline,
    // An online event keeps no venue, and a venue keeps no link, so the public page shows one.
    venue_name: isOnline ? '' : values.venue_name.trim(),
    address: isOnline ? '' : values.address.trim(),
    latitude: isOnline ? null : parseDecimal(values.latitude),
    longitude: isOnline ? null : parseDecimal(values.longitude),
    online_url: isOnline ? values.online_url.trim() : null,
    timezone: values.timezone,
    currency: values.currency,
    requires_approval: values.requires_approval,
    max_tickets_per_order: parseWholeNumber(values.max_tickets_per_order) ?? 0,
    refund_policy: {
      refundable_until_hours: parseWholeNumber(values.refundable_until_hours) ?? 0,
      refund_percentage: parseWholeNumber(values.refund_percentage) ?? 0,
    },
  };
}

/** Only what changed, so an unchanged currency on a published event is not sent at all. */
function changedFields(event: Event, next: EventCreateRequest): EventUpdateRequest {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    const current: unknown = event[field as keyof Event];
    if (JSON.stringify(current) !== JSON.stringify(value)) changes[field] = value;
  }
  return changes as EventUpdateRequest;
}

type LocationStatus = 'idle' | 'locating' | 'denied' | 'failed';

/** "Use my location": the browser's position, for organizers standing at their venue. */
function useMyLocation(onFound: (latitude: number, longitude: number) => void) {
  const [status, setStatus] = useState<LocationStatus>('idle');
  const isAvailable = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  function locate() {
    if (!isAvailable) return;
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setStatus('idle');
        // Six decimals is about 10 cm: more would only suggest a precision phones lack.
        onFound(
          Number(position.coords.latitude.toFixed(6)),
          Number(position.coords.longitude.toFixed(6)),
        );
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }
  return { status, isAvailable, locate };
}

export function DetailsStep({ event, readOnly, onSaved, initialCoverError }: DetailsStepProps) {
  const { t } = useTranslation(['organizer', 'common']);
  const appInfo = useAppInfo().data;
  const categories = useCategories();
  const eventTypes = useEventTypes();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const uploadCover = useUploadEventCover();
  const [coverChange, setCoverChange] = useImageChange();
  const [coverError, setCoverError] = useState<string | null>(initialCoverError ?? null);
  const [isSaving, setIsSaving] = useState(false);
  const locationStatusId = useId();
  const currencies = appInfo?.currencies ?? [];
  const maxPerOrderDefault = Math.min(appInfo?.limits.max_tickets_per_order ?? 10, MAX_PER_ORDER);

  const wholeNumberIn = (min: number, max: number) => (text: string) => {
    const value = parseWholeNumber(text);
    return value !== null && value >= min && value <= max
      ? null
      : t('validation.wholeNumberRange', { min, max });
  };

  const form = useForm<DetailsValues>({
    initialValues: initialValues(event, {
      currency: appInfo?.default_currency ?? 'SAR',
      maxPerOrder: maxPerOrderDefault,
    }),
    validate: {
      title: (title) => {
        const trimmed = title.trim();
        if (!trimmed) return t('common:form.required');
        return trimmed.length < 3 ? t('validation.titleTooShort', { min: 3 }) : null;
      },
      category: (value) => (value ? null : t('validation.chooseCategory')),
      event_type: (value) => (value ? null : t('validation.chooseEventType')),
      venue_name: (value, values) =>
        values.location_kind === 'venue' && !value.trim() ? t('validation.venueRequired') : null,
      online_url: (value, values) => {
        if (values.location_kind !== 'online') return null;
        if (!value.trim()) return t('validation.onlineUrlRequired');
        return isHttpUrl(value) ? null : t('validation.urlInvalid');
      },
      latitude: (value, values) => {
        if (values.location_kind !== 'venue') return null;
        if (!value.trim()) {
          return values.longitude.trim() ? t('validation.coordinatesPair') : null;
        }
        const latitude = parseDecimal(value);
        return latitude !== null && latitude >= -90 && latitude <= 90
          ? null
          : t('validation.latitude');
      },
      longitude: (value, values) => {
        if (values.location_kind !== 'venue') return null;
        if (!value.trim()) {
          return values.latitude.trim() ? t('validation.coordinatesPair') : null;
        }
        const longitude = parseDecimal(value);
        return longitude !== null && longitude >= -180 && longitude <= 180
          ? null
          : t('validation.longitude');
      },
      timezone: (value) =>
        supportedTimeZones().includes(value) ? null : t('validation.chooseTimezone'),
      currency: (value) => (value ? null : t('validation.chooseCurrency')),
      max_tickets_per_order: wholeNumberIn(1, MAX_PER_ORDER),
      refundable_until_hours: wholeNumberIn(0, MAX_REFUND_HOURS),
      refund_percentage: wholeNumberIn(0, 100),
    },
  });
  const { values } = form;
  const location = useMyLocation((latitude, longitude) => {
    form.setFieldValue('latitude', String(latitude));
    form.setFieldValue('longitude', String(longitude));
  });

  function showError(error: unknown) {
    const { fieldErrors, message } = splitMappedApiErrors(
      error,
      [...Object.keys(values), 'cover'],
      ATTR_ALIASES,
    );
    const { cover, ...rest } = fieldErrors;
    if (cover) setCoverError(cover);
    form.setErrors(rest);
    form.setFormError(message);
  }

  /** Uploads a chosen cover; answers the API's refusal, if any. */
  async function saveCover(eventId: number): Promise<string | null> {
    if (!coverChange.file) return null;
    try {
      await uploadCover.mutateAsync({ eventId, file: coverChange.file });
      setCoverChange(NO_IMAGE_CHANGE);
      return null;
    } catch (error) {
      const { fieldErrors, message } = splitMappedApiErrors(error, ['cover']);
      return fieldErrors.cover ?? message ?? t('common:errors.server');
    }
  }

  const submit = form.onSubmit((current) => {
    void (async () => {
      setIsSaving(true);
      try {
        const request = toRequest(current);
        if (!event) {
          const created = await create.mutateAsync(request);
          onSaved({ event: created, isNew: true, coverError: await saveCover(created.id) });
          return;
        }
        const changes = changedFields(event, request);
        if (coverChange.isRemoving) changes.cover = null;
        const saved =
          Object.keys(changes).length > 0
            ? await update.mutateAsync({ eventId: event.id, body: changes })
            : event;
        if (coverChange.isRemoving) setCoverChange(NO_IMAGE_CHANGE);
        const refusal = await saveCover(saved.id);
        if (refusal) {
          setCoverError(refusal);
          return;
        }
        onSaved({ event: saved, isNew: false, coverError: null });
      } catch (error) {
        showError(error);
      } finally {
        setIsSaving(false);
      }
    })();
  });

  const categoryOptions = [
    { value: '', label: t('details.chooseCategory'), disabled: true },
    ...(categories.data?.results ?? []).map((category) => ({
      value: String(category.id),
      label: category.name,
    })),
  ];
  const eventTypeOptions = [
    { value: '', label: t('details.chooseEventType'), disabled: true },
    ...(eventTypes.data?.results ?? []).map((type) => ({
      value: String(type.id),
      label: type.name,
    })),
  ];
  const currencyOptions = currencies.map((currency) => ({
    value: currency.code,
    label: `${currency.code} · ${currency.name}`,
  }));
  const isCurrencyLocked = event !== null && event.status !== 'draft';
  const latitude = parseDecimal(values.latitude);
  const longitude = parseDecimal(values.longitude);
  const hasCoordinates = latitude !== null && longitude !== null;

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className={classes.fieldset} disabled={readOnly}>
        <Stack gap="lg">
          <FormAlert message={form.formError} />

          <Stack gap="md">
            <TextInput
              label={t('details.title')}
              description={t('details.titleHint')}
              required
              maxLength={200}
              dir="auto"
              {...form.inputs.title}
            />
            <Textarea
              label={t('details.description')}
              description={t('details.descriptionHint')}
              autosize
              minRows={4}
              maxRows={14}
              maxLength={10_000}
              dir="auto"
              {...form.inputs.description}
            />
            <div className={classes.twoColumns}>
              <NativeSelect
                label={t('details.category')}
                required
                data={categoryOptions}
                disabled={categories.isPending}
                {...form.inputs.category}
              />
              <NativeSelect
                label={t('details.eventType')}
                required
                data={eventTypeOptions}
                disabled={eventTypes.isPending}
                {...form.inputs.event_type}
                onChange={(changeEvent) => {
                  const id = changeEvent.currentTarget.value;
                  form.setFieldValue('event_type', id);
                  // Picking the "Online" or "In person" type answers the where question too.
                  const slug = eventTypes.data?.results.find(
                    (type) => String(type.id) === id,
                  )?.slug;
                  if (slug === 'online') form.setFieldValue('location_kind', 'online');
                  if (slug === 'in-person') form.setFieldValue('location_kind', 'venue');
                }}
              />
            </div>
          </Stack>

          <section className={classes.section} aria-labelledby="details-where">
            <Title order={3} id="details-where">
              {t('details.where')}
            </Title>
            <Radio.Group
              label={t('details.locationKind')}
              value={values.location_kind}
              onChange={(kind) => form.setFieldValue('location_kind', kind as LocationKind)}
              error={form.errors.location_kind}
            >
              <Group gap="lg" mt="xs">
                <Radio value="venue" label={t('details.atVenue')} />
                <Radio value="online" label={t('details.online')} />
              </Group>
            </Radio.Group>
            {values.location_kind === 'venue' ? (
              <>
                <TextInput
                  label={t('details.venueName')}
                  required
                  maxLength={200}
                  autoComplete="organization"
                  dir="auto"
                  {...form.inputs.venue_name}
                />
                <TextInput
                  label={t('details.address')}
                  maxLength={500}
                  autoComplete="street-address"
                  dir="auto"
                  {...form.inputs.address}
                />
                <Stack gap="xs">
                  <FieldPair>
                    <TextInput
                      label={t('details.latitude')}
                      inputMode="decimal"
                      dir="ltr"
                      {...form.inputs.latitude}
                    />
                    <TextInput
                      label={t('details.longitude')}
                      inputMode="decimal"
                      dir="ltr"
                      {...form.inputs.longitude}
                    />
                  </FieldPair>
                  <Text size="sm" c="dimmed">
                    {t('details.coordinatesHint')}
                  </Text>
                  <Group gap="sm">
                    {location.isAvailable && (
                      <Button
                        variant="default"
                        onClick={location.locate}
                        loading={location.status === 'locating'}
                        aria-describedby={locationStatusId}
                      >
                        {t('details.useMyLocation')}
                      </Button>
                    )}
                    {hasCoordinates && (
                      <Anchor
                        href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {t('details.checkOnMap')}
                      </Anchor>
                    )}
                  </Group>
                  <Text id={locationStatusId} size="sm" role="status" c="red.9">
                    {location.status === 'denied' && t('details.locationDenied')}
                    {location.status === 'failed' && t('details.locationFailed')}
                  </Text>
                </Stack>
              </>
            ) : (
              <TextInput
                label={t('details.onlineUrl')}
                description={t('details.onlineUrlHint')}
                type="url"
                inputMode="url"
                dir="ltr"
                required
                {...form.inputs.online_url}
              />
            )}
          </section>

          <section className={classes.section} aria-labelledby="details-zone">
            <Title order={3} id="details-zone">
              {t('details.zoneAndCurrency')}
            </Title>
            <TimeZoneSelect
              value={values.timezone}
              onChange={(zone) => form.setFieldValue('timezone', zone)}
              error={form.errors.timezone}
              description={t('details.timezoneHint')}
            />
            <NativeSelect
              label={t('details.currency')}
              description={isCurrencyLocked ? t('details.currencyLocked') : undefined}
              required
              data={currencyOptions}
              disabled={isCurrencyLocked}
              {...form.inputs.currency}
            />
          </section>

          <section className={classes.section} aria-labelledby="details-orders">
            <Title order={3} id="details-orders">
              {t('details.ordersAndRefunds')}
            </Title>
            <DescribedSwitch
              label={t('details.requiresApproval')}
              description={t('details.requiresApprovalHint')}
              checked={values.requires_approval}
              onChange={(isRequired) => form.setFieldValue('requires_approval', isRequired)}
            />
            <TextInput
              label={t('details.maxTicketsPerOrder')}
              inputMode="numeric"
              required
              {...form.inputs.max_tickets_per_order}
            />
            <div className={classes.twoColumns}>
              <TextInput
                label={t('details.refundHours')}
                description={t('details.refundHoursHint')}
                inputMode="numeric"
                required
                {...form.inputs.refundable_until_hours}
              />
              <TextInput
                label={t('details.refundPercentage')}
                description={t('details.refundPercentageHint')}
                inputMode="numeric"
                required
                rightSection={<span aria-hidden="true">%</span>}
                {...form.inputs.refund_percentage}
              />
            </div>
          </section>

          <section className={classes.section} aria-labelledby="details-cover">
            <Title order={3} id="details-cover">
              {t('details.cover.title')}
            </Title>
            <CoverField
              currentUrl={event?.cover ?? null}
              change={coverChange}
              onChange={setCoverChange}
              maxBytes={appInfo?.limits.max_upload_bytes ?? MAX_UPLOAD_BYTES}
              error={coverError}
              onError={setCoverError}
              disabled={readOnly}
            />
          </section>

          {!readOnly && (
            <div className={classes.actions}>
              <span />
              <Button type="submit" loading={isSaving}>
                {t('actions.saveAndContinue')}
              </Button>
            </div>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
