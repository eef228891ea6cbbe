import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_STEPS, editEventPath } from '../lib/event-steps';
import type { EventStep } from '../lib/event-steps';
import { CheckIcon } from './icons';
import classes from './organizer.module.css';

export interface EventStepsNavProps {
  current: EventStep;
  /** Null until the draft exists: the later steps edit it, so they open once it is saved. */
  eventId: number | null;
  completed: ReadonlySet<EventStep>;
}

/** The five steps as an ordered list of links; any step of a saved event can be revisited. */
export function EventStepsNav({ current, eventId, completed }: EventStepsNavProps) {
  const { t } = useTranslation('organizer');
  const listRef = useRef<HTMLOListElement>(null);
  // On a phone the list scrolls sideways: keep the current step in view, in either direction.
  useEffect(() => {
    const currentStep = listRef.current?.querySelector('[aria-current="step"]');
    currentStep?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav aria-label={t('steps.nav')}>
      <ol className={classes.steps} ref={listRef}>
        {EVENT_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const isDone = completed.has(step) && !isCurrent;
          const content = (
            <>
              <span
                className={classes.stepNumber}
                data-done={isDone || undefined}
                aria-hidden="true"
              >
                {isDone ? <CheckIcon /> : index + 1}
              </span>
              <span className={classes.stepLabel}>
                {t(`steps.${step}`)}
                {isDone && <VisuallyHidden>{` ${t('steps.done')}`}</VisuallyHidden>}
              </span>
            </>
          );
          return (
            <li key={step} className={classes.stepItem}>
              {eventId === null && !isCurrent ? (
                <span className={classes.step} data-disabled>
                  {content}
                </span>
              ) : (
                <Link
                  to={eventId === null ? '/organizer/events/new' : editEventPath(eventId, step)}
                  className={classes.step}
                  aria-current={isCurrent ? 'step' : undefined}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
