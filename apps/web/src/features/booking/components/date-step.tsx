import { Button, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingDay, EventBookingDetails } from '@hafla/shared/bookings/bookings';
import { formatDateTime, formatMoney, formatSlotTimes } from '../../../lib/format';
import { formatTimeZone } from '../../../lib/format-time-zone';
import { isDayOpen, periodRefusal } from '../lib/availability';
import type { PeriodRefusal } from '../lib/availability';
import classes from './booking.module.css';

export interface DateStepProps {
  details: EventBookingDetails;
  selectedDay: BookingDay | null;
  selectedPeriod: number | null;
  onSelectDay: (day: BookingDay) => void;
  onSelectPeriod: (periodId: number) => void;
  onContinue: () => void;
}

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };

function useRefusalText(): (refusal: PeriodRefusal) => string {
  const { t } = useTranslation('booking');
  return (refusal) => t(`date.refusal.${refusal}`);
}

/** Step 1: a day, then one of its periods; what cannot be booked stays visible with its reason. */
export function DateStep({
  details,
  selectedDay,
  selectedPeriod,
  onSelectDay,
  onSelectPeriod,
  onContinue,
}: DateStepProps) {
  const { t, i18n } = useTranslation(['booking', 'common']);
  const language = i18n.language;
  const { event } = details;
  const zone = event.timezone;
  const refusalText = useRefusalText();
  const dayName = useId();
  const periodName = useId();
  const period = selectedDay?.periods.find((candidate) => candidate.id === selectedPeriod) ?? null;
  const canContinue = period !== null && periodRefusal(period) === null;

  return (
    <>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t('date.dayLegend')}</legend>
        <div className={classes.days}>
          {details.days.map((day) => {
            const first = day.periods[0];
            const isOpen = isDayOpen(day);
            return (
              <label key={day.day} className={classes.option}>
                <input
                  type="radio"
                  name={dayName}
                  value={day.day}
                  checked={selectedDay?.day === day.day}
                  disabled={!isOpen}
                  onChange={() => onSelectDay(day)}
                />
                {first && (
                  <>
                    <span className={classes.optionNote}>
                      {formatDateTime(first.start, zone, language, WEEKDAY)}
                    </span>{' '}
                    <span className={classes.optionTitle}>
                      {formatDateTime(first.start, zone, language, DAY_MONTH)}
                    </span>
                  </>
                )}
                {!isOpen && ' '}
                {!isOpen && <span className={classes.optionNote}>{t('date.dayClosed')}</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
      <Text size="sm" c="dimmed">
        {t('date.zone', {
          zone: formatTimeZone(
            zone,
            language,
            details.days[0]?.periods[0]?.start ?? event.first_start ?? undefined,
          ),
        })}
      </Text>

      {selectedDay && (
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>
            {t('date.periodLegend', {
              day: formatDateTime(
                selectedDay.periods[0]?.start ?? selectedDay.day,
                zone,
                language,
                LONG_DAY,
              ),
            })}
          </legend>
          <div className={classes.periods}>
            {selectedDay.periods.map((candidate) => {
              const refusal = periodRefusal(candidate);
              const prices = candidate.ticket_categories
                .filter((category) => category.sales_state === 'on_sale')
                .map((category) => category.price);
              const lowest = prices.length > 0 ? Math.min(...prices) : null;
              return (
                <label key={candidate.id} className={classes.option}>
                  <input
                    type="radio"
                    name={periodName}
                    value={candidate.id}
                    checked={candidate.id === selectedPeriod}
                    disabled={refusal !== null}
                    onChange={() => onSelectPeriod(candidate.id)}
                  />
                  <span className={classes.optionTitle}>
                    {formatSlotTimes(candidate, zone, language)}
                  </span>{' '}
                  <span className={classes.optionNote}>
                    {refusal !== null
                      ? refusalText(refusal)
                      : lowest === 0
                        ? t('common:event.free')
                        : lowest !== null &&
                          t('date.from', {
                            price: formatMoney(lowest, event.currency, language),
                          })}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      <div className={classes.actions}>
        <div className={classes.actionButtons}>
          <Button onClick={onContinue} disabled={!canContinue}>
            {t('actions.continue')}
          </Button>
        </div>
      </div>
    </>
  );
}
