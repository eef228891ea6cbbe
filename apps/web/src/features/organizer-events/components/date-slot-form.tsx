import { Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDate } from '@hafla/shared/event-dates/event-dates';
import { FormAlert } from '../../../components/form-alert';
import { formatDateTime } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { useSaveEventDate } from '../api/save-event-date';
import { DATE_RANGE_YEARS, dayProblem } from '../lib/date-time-window';
import { DAY_PATTERN, TIME_PATTERN, isoToZonedParts, slotInstants } from '../lib/zoned-time';
import { FormActions } from './form-actions';
import classes from './organizer.module.css';

type SlotValues = { day: string; start: string; end: string };

export interface DateSlotFormProps {
  eventId: number;
  timeZone: string;
  /** The slot being edited; absent to add one. */
  slot?: EventDate;
  onSaved: (slot: EventDate) => void;
  onCancel?: () => void;
}

/** One time slot: a day and two wall-clock times in the event's zone. */
export function DateSlotForm({ eventId, timeZone, slot, onSaved, onCancel }: DateSlotFormProps) {
  const { t, i18n } = useTranslation(['organizer', 'common']);
  const save = useSaveEventDate(eventId);
  const [added, setAdded] = useState<string | null>(null);
  const initial: SlotValues = slot
    ? {
        day: isoToZonedParts(slot.start, timeZone).day,
        start: isoToZonedParts(slot.start, timeZone).time,
        end: isoToZonedParts(slot.end, timeZone).time,
      }
    : { day: '', start: '19:00', end: '21:00' };
  const form = useForm<SlotValues>({
    initialValues: initial,
    validate: {
      day: (day) => {
        const problem = dayProblem(day, DAY_PATTERN);
        if (problem === 'outOfRange') return t('validation.dateOutOfRange', DATE_RANGE_YEARS);
        return problem ? t('validation.chooseDay') : null;
      },
      start: (start, values) => {
        if (!TIME_PATTERN.test(start)) return t('validation.chooseTime');
        if (dayProblem(values.day, DAY_PATTERN)) return null;
        const instants = slotInstants(values.day, start, values.end || start, timeZone);
        return new Date(instants.start).getTime() > Date.now() ? null : t('validation.inPast');
      },
      end: (end, values) => {
        if (!TIME_PATTERN.test(end)) return t('validation.chooseTime');
        return end === values.start ? t('validation.endSameAsStart') : null;
      },
    },
  });

  const submit = form.onSubmit((values) => {
    setAdded(null);
    const { start, end } = slotInstants(values.day, values.start, values.end, timeZone);
    const options = {
      onSuccess: (saved: EventDate) => {
        if (!slot) {
          form.reset();
          setAdded(formatDateTime(saved.start, timeZone, i18n.language));
        }
        onSaved(saved);
      },
      onError: form.showApiError,
    };
    if (slot) save.mutate({ dateId: slot.id, body: { start, end } }, options);
    else save.mutate({ body: { event: eventId, start, end } }, options);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        <div className={classes.threeColumns}>
          <TextInput type="date" label={t('dates.day')} required {...form.inputs.day} />
          <TextInput type="time" label={t('dates.start')} required {...form.inputs.start} />
          <TextInput type="time" label={t('dates.end')} required {...form.inputs.end} />
        </div>
        <Text size="sm" c="dimmed">
          {t('dates.overnightHint')}
        </Text>
        {added && <FormAlert tone="success" message={t('dates.added', { when: added })} />}
        <FormActions
          submitLabel={slot ? t('dates.saveSlot') : t('dates.addSlot')}
          isSaving={save.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
