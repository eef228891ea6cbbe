import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '@hafla/shared/events/discovery';
import { dayKey, formatDateTime, formatSlotTimes } from '../../../lib/format';
import classes from './event-page.module.css';

export interface SlotDay {
  key: string;
  slots: TimeSlot[];
}

/** Time slots by the day they start on in the event's zone, in order (PRODUCT.md section 3). */
export function groupSlotsByDay(slots: readonly TimeSlot[], timeZone: string): SlotDay[] {
  const days = new Map<string, TimeSlot[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const slot of sorted) {
    const key = dayKey(slot.start, timeZone);
    const day = days.get(key);
    if (day) day.push(slot);
    else days.set(key, [slot]);
  }
  return [...days].map(([key, daySlots]) => ({ key, slots: daySlots }));
}

export function formatLongDay(iso: string, timeZone: string, language: string): string {
  return formatDateTime(iso, timeZone, language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

const DAY_LABEL: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};

/** A daily show runs for months: the first weeks show, the rest on request. */
const DAYS_SHOWN = 7;

export interface DateListProps {
  dates: readonly TimeSlot[];
  timeZone: string;
}

export function DateList({ dates, timeZone }: DateListProps) {
  const { t, i18n } = useTranslation('events');
  const [isExpanded, setIsExpanded] = useState(false);
  const days = groupSlotsByDay(dates, timeZone);
  const shown = isExpanded ? days : days.slice(0, DAYS_SHOWN);

  return (
    <>
      <ul className={classes.days}>
        {shown.map((day) => (
          <li key={day.key} className={classes.day}>
            <p className={classes.dayName}>
              {formatDateTime(day.slots[0]!.start, timeZone, i18n.language, DAY_LABEL)}
            </p>
            <ul
              className={classes.slots}
              aria-label={t('page.dates.slotsOf', { count: day.slots.length })}
            >
              {day.slots.map((slot) => (
                <li key={slot.id} className={classes.slot}>
                  {formatSlotTimes(slot, timeZone, i18n.language)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {days.length > DAYS_SHOWN && (
        <Button
          variant="subtle"
          onClick={() => setIsExpanded((expanded) => !expanded)}
          aria-expanded={isExpanded}
          style={{ alignSelf: 'flex-start' }}
        >
          {isExpanded ? t('page.dates.showFewer') : t('page.dates.showAll', { count: days.length })}
        </Button>
      )}
    </>
  );
}
