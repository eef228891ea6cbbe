import { useTranslation } from 'react-i18next';
import { StepsNav } from '../../../components/steps';
import { BOOKING_STEPS } from '../lib/booking-search';
import type { BookingStep } from '../lib/booking-search';

export interface BookingStepsNavProps {
  current: BookingStep;
  /** The steps the reader may go back to, and the address of each. */
  hrefOf: (step: BookingStep) => string | null;
}

/**
 * The six steps; earlier steps the reader may revisit are links. Once the tickets are held, the
 * choice of date and tickets is closed (cancelling reopens it).
 */
export function BookingStepsNav({ current, hrefOf }: BookingStepsNavProps) {
  const { t } = useTranslation('booking');
  return (
    <StepsNav
      label={t('steps.nav')}
      doneLabel={t('steps.done')}
      steps={BOOKING_STEPS.map((step) => ({
        key: step,
        label: t(`steps.names.${step}`),
        href: step === current ? null : hrefOf(step),
        isCurrent: step === current,
        isDone: step < current,
      }))}
    />
  );
}
