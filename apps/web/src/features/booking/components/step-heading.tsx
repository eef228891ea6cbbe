import { Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_STEPS } from '../lib/booking-search';
import type { BookingStep } from '../lib/booking-search';

/**
 * The step's heading takes focus when the step changes, as a new page would: only the query
 * changes, so the layout's focus-on-navigation does not fire.
 */
export function StepHeading({ step }: { step: BookingStep }) {
  const { t } = useTranslation('booking');
  const ref = useRef<HTMLHeadingElement>(null);
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    ref.current?.focus();
  }, [step]);
  return (
    <Title order={2} ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      <Text span c="dimmed" fw={600} size="md" display="block">
        {t('steps.counter', { number: step, total: BOOKING_STEPS.length })}
      </Text>{' '}
      {t(`steps.titles.${step}`)}
    </Title>
  );
}
