import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/page-icons';
import { BOOKING_STEPS } from '../lib/booking-search';
import type { BookingStep } from '../lib/booking-search';
import classes from './booking.module.css';

export interface BookingStepsNavProps {
  current: BookingStep;
  /** The steps the reader may go back to, and the address of each. */
  hrefOf: (step: BookingStep) => string | null;
}

/**
 * The six steps as an ordered list; earlier steps the reader may revisit are links. Once the
 * tickets are held, the choice of date and tickets is closed (cancelling reopens it).
 */
export function BookingStepsNav({ current, hrefOf }: BookingStepsNavProps) {
  const { t } = useTranslation('booking');
  const listRef = useRef<HTMLOListElement>(null);
  // On a phone the list scrolls sideways: keep the current step in view, in either direction.
  useEffect(() => {
    const currentStep = listRef.current?.querySelector('[aria-current="step"]');
    currentStep?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav aria-label={t('steps.nav')}>
      <ol className={classes.steps} ref={listRef}>
        {BOOKING_STEPS.map((step) => {
          const isCurrent = step === current;
          const isDone = step < current;
          const href = isCurrent ? null : hrefOf(step);
          const content = (
            <>
              <span
                className={classes.stepNumber}
                data-done={isDone || undefined}
                aria-hidden="true"
              >
                {isDone ? <CheckIcon size={16} /> : step}
              </span>
              <span className={classes.stepLabel}>
                {t(`steps.names.${step}`)}
                {isDone && <VisuallyHidden>{` ${t('steps.done')}`}</VisuallyHidden>}
              </span>
            </>
          );
          return (
            <li key={step} className={classes.stepItem}>
              {href ? (
                <Link to={href} className={classes.step}>
                  {content}
                </Link>
              ) : (
                <span className={classes.step} aria-current={isCurrent ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
