import '@mantine/core/styles/Chip.layer.css';
import { ActionIcon, Button, Chip, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '@hafla/shared/common/zoned-time';
import type {
  EventDateBulkResult,
  MAX_BULK_DATES as SHARED_MAX_BULK_DATES,
} from '@hafla/shared/event-dates/event-dates';
import { FieldPair } from '../../../components/field-pair';
import { FormAlert } from '../../../components/form-alert';
import { intlLocale } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { useCreateEventDatesBulk } from '../api/create-event-dates-bulk';
import { previewBulkDates } from '../lib/bulk-dates';
import { DATE_RANGE_YEARS, dayProblem } from '../lib/date-time-window';
import { DAY_PATTERN, TIME_PATTERN, todayInZone } from '../lib/zoned-time';
import { FormActions } from './form-actions';
import { CloseIcon } from './icons';
import classes from './organizer.module.css';

// Mirrors the shared constant without pulling zod into the page chunk; tsc fails if they drift.
const MAX_BULK_DATES: typeof SHARED_MAX_BULK_DATES = 500;
const MAX_TIMES = 12;
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

type TimeRange = { start: string; end: string };
type BulkValues = {
  start_date: string;
  end_date: string;
  days_of_week: string[];
  times: TimeRange[];
};

/** Sunday 4 January 2026 onwards: one known week to name the weekdays in the reader's language. */
function weekdayNames(language: string, weekday: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(language), { weekday, timeZone: 'UTC' });
  return WEEKDAYS.map((day) => format.format(new Date(Date.UTC(2026, 0, 4 + day))));
}

export interface BulkDatesFormProps {
  eventId: number;
  timeZone: string;
  /** Starts already there, so the preview can leave them out as the API will. */
  existingStarts: readonly string[];
}

/** A repeating pattern: a date range, weekdays and one or more times, previewed before saving. */
export function BulkDatesForm({ eventId, timeZone, existingStarts }: BulkDatesFormProps) {
  const { t, i18n } = useTranslation(['organizer', 'common']);
  const create = useCreateEventDatesBulk(eventId);
  const [result, setResult] = useState<EventDateBulkResult | null>(null);
  const daysLabelId = useId();
  const timesLabelId = useId();
  const timesErrorId = useId();
  const today = todayInZone(timeZone);
  const dayMessage = (day: string) => {
    const problem = dayProblem(day, DAY_PATTERN);
    if (problem === 'outOfRange') return t('validation.dateOutOfRange', DATE_RANGE_YEARS);
    return problem ? t('validation.chooseDay') : null;
  };
  const form = useForm<BulkValues>({
    initialValues: {
      start_date: today,
      end_date: addDays(today, 27),
      days_of_week: WEEKDAYS.map(String),
      times: [{ start: '19:00', end: '21:00' }],
    },
    validate: {
      start_date: (day) => dayMessage(day),
      end_date: (day, values) => {
        const problem = dayMessage(day);
        if (problem) return problem;
        return day < values.start_date ? t('validation.endDateBeforeStart') : null;
      },
      days_of_week: (days) => (days.length > 0 ? null : t('validation.chooseWeekday')),
      times: (times) =>
        times.every((time) => TIME_PATTERN.test(time.start) && TIME_PATTERN.test(time.end))
          ? null
          : t('validation.timesIncomplete'),
    },
  });
  const { values } = form;
  const shortNames = weekdayNames(i18n.language, 'short');
  const longNames = weekdayNames(i18n.language, 'long');

  const pattern = useMemo(
    () => ({
      start_date: values.start_date,
      end_date: values.end_date,
      days_of_week: values.days_of_week.map(Number).sort(),
      times: values.times.filter(
        (time) => TIME_PATTERN.test(time.start) && TIME_PATTERN.test(time.end),
      ),
    }),
    [values.start_date, values.end_date, values.days_of_week, values.times],
  );
  const isPatternComplete =
    DAY_PATTERN.test(pattern.start_date) &&
    DAY_PATTERN.test(pattern.end_date) &&
    pattern.days_of_week.length > 0 &&
    pattern.times.length > 0;
  const preview = useMemo(
    () => (isPatternComplete ? previewBulkDates(pattern, timeZone, existingStarts) : null),
    [isPatternComplete, pattern, timeZone, existingStarts],
  );
  const isTooMany = preview !== null && preview.creatable > MAX_BULK_DATES;

  function setTime(index: number, part: keyof TimeRange, value: string) {
    form.setFieldValue(
      'times',
      values.times.map((time, at) => (at === index ? { ...time, [part]: value } : time)),
    );
  }

  const submit = form.onSubmit((current) => {
    setResult(null);
    if (preview && preview.creatable === 0) {
      form.setFormError(t('bulk.nothingToCreate'));
      return;
    }
    if (isTooMany) {
      form.setFormError(t('bulk.tooMany', { max: MAX_BULK_DATES }));
      return;
    }
    create.mutate(
      {
        event: eventId,
        start_date: current.start_date,
        end_date: current.end_date,
        days_of_week: current.days_of_week.map(Number).sort(),
        times: current.times,
      },
      {
        onSuccess: setResult,
        onError: form.showApiError,
      },
    );
  });

  const timesError = form.errors.times;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <FieldPair>
          <TextInput type="date" label={t('bulk.from')} required {...form.inputs.start_date} />
          <TextInput type="date" label={t('bulk.until')} required {...form.inputs.end_date} />
        </FieldPair>

        <div role="group" aria-labelledby={daysLabelId}>
          <Group justify="space-between" align="center" mb="xs">
            <Text id={daysLabelId} fw={600}>
              {t('bulk.days')}
            </Text>
            <Button
              variant="subtle"
              size="compact-md"
              onClick={() =>
                form.setFieldValue(
                  'days_of_week',
                  values.days_of_week.length === 7 ? [] : WEEKDAYS.map(String),
                )
              }
            >
              {values.days_of_week.length === 7 ? t('bulk.clearDays') : t('bulk.everyDay')}
            </Button>
          </Group>
          <Chip.Group
            multiple
            value={values.days_of_week}
            onChange={(days) => form.setFieldValue('days_of_week', days)}
          >
            <Group gap="xs">
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={String(day)} aria-label={longNames[day]}>
                  {shortNames[day]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {form.errors.days_of_week && (
            <Input.Error mt="xs" size="md">
              {form.errors.days_of_week}
            </Input.Error>
          )}
        </div>

        <div role="group" aria-labelledby={timesLabelId}>
          <Text id={timesLabelId} fw={600} mb="xs">
            {t('bulk.times')}
          </Text>
          <Stack gap="sm">
            {values.times.map((time, index) => (
              <div key={index} className={classes.timeRow}>
                <TextInput
                  type="time"
                  label={t('bulk.timeStart', { number: index + 1 })}
                  value={time.start}
                  onChange={(changeEvent) =>
                    setTime(index, 'start', changeEvent.currentTarget.value)
                  }
                  error={Boolean(timesError) && !TIME_PATTERN.test(time.start)}
                  aria-describedby={timesError ? timesErrorId : undefined}
                  required
                />
                <TextInput
                  type="time"
                  label={t('bulk.timeEnd', { number: index + 1 })}
                  value={time.end}
                  onChange={(changeEvent) => setTime(index, 'end', changeEvent.currentTarget.value)}
                  error={Boolean(timesError) && !TIME_PATTERN.test(time.end)}
                  aria-describedby={timesError ? timesErrorId : undefined}
                  required
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  c="red.9"
                  disabled={values.times.length === 1}
                  onClick={() =>
                    form.setFieldValue(
                      'times',
                      values.times.filter((_, at) => at !== index),
                    )
                  }
                  aria-label={t('bulk.removeTime', { number: index + 1 })}
                >
                  <CloseIcon />
                </ActionIcon>
              </div>
            ))}
          </Stack>
          {timesError && (
            <Input.Error id={timesErrorId} mt="xs" size="md">
              {timesError}
            </Input.Error>
          )}
          <Button
            mt="sm"
            variant="default"
            disabled={values.times.length >= MAX_TIMES}
            onClick={() => form.setFieldValue('times', [...values.times, { start: '', end: '' }])}
          >
            {t('bulk.addTime')}
          </Button>
          <Text size="sm" c="dimmed" mt="xs">
            {t('dates.overnightHint')}
          </Text>
        </div>

        <div className={classes.card} role="status" aria-live="polite">
          {preview === null ? (
            <Text>{t('bulk.previewIncomplete')}</Text>
          ) : (
            <Stack gap={4}>
              <Text fw={700} c={isTooMany ? 'red.9' : undefined}>
                {t('bulk.creates', { count: preview.creatable })}
              </Text>
              {preview.existing + preview.past > 0 && (
                <Text size="sm">
                  {t('bulk.willSkip', { existing: preview.existing, past: preview.past })}
                </Text>
              )}
              {isTooMany && (
                <Text size="sm" c="red.9">
                  {t('bulk.tooMany', { max: MAX_BULK_DATES })}
                </Text>
              )}
            </Stack>
          )}
        </div>

        {result && (
          <FormAlert
            tone="success"
            message={`${t('bulk.created', { count: result.created })} ${t('bulk.skipped', { count: result.skipped })}`}
          />
        )}
        <FormActions submitLabel={t('bulk.submit')} isSaving={create.isPending} />
      </Stack>
    </form>
  );
}
