import { Button, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../lib/use-countdown';
import { formatMinutesSeconds } from '../lib/use-deadline';
import { ClockIcon } from './icons';
import classes from './booking.module.css';

export interface HoldCountdownProps {
  /** Epoch ms when the hold lapses. */
  deadline: number;
  onCancel: () => void;
  isCancelling: boolean;
}

const URGENT_SECONDS = 120;

/**
 * The time left on the hold, as mm:ss. Screen readers hear it once a minute, politely: the
 * ticking digits are hidden from them and a separate live line changes only with the minute.
 * Give it `key={deadline}` so a new hold starts a new count.
 */
export function HoldCountdown({ deadline, onCancel, isCancelling }: HoldCountdownProps) {
  const { t } = useTranslation('booking');
  const seconds = useCountdown(deadline);
  // Whole minutes left, rounded down: 9:41 is "9 minutes", never more time than there is.
  const minutes = Math.floor(seconds / 60);
  return (
    <section
      className={classes.hold}
      data-urgent={seconds <= URGENT_SECONDS || undefined}
      aria-label={t('hold.label')}
    >
      <p className={classes.holdText}>
        <ClockIcon size={22} />
        <span aria-hidden="true">
          {t('hold.text')}{' '}
          <span className={classes.timer} dir="ltr">
            {formatMinutesSeconds(seconds)}
          </span>
        </span>
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {t('hold.minutesLeft', { count: minutes })}
        </VisuallyHidden>
      </p>
      <Button variant="default" onClick={onCancel} loading={isCancelling}>
        {t('hold.cancel')}
      </Button>
    </section>
  );
}
