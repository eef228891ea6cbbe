import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../../components/page-icons';
import { MinusIcon } from './icons';
import { decrement, increment, type CounterBounds } from '../lib/availability';
import classes from './booking.module.css';

export interface TicketCounterProps {
  /** The category's name, for the buttons' accessible names. */
  name: string;
  count: number;
  canDecrement: boolean;
  canIncrement: boolean;
  onDecrement: () => void;
  onIncrement: () => void;
}

/** − count + with 48 px targets; the count is announced politely as it changes. */
export function TicketCounter({
  name,
  count,
  canDecrement,
  canIncrement,
  onDecrement,
  onIncrement,
}: TicketCounterProps) {
  const { t } = useTranslation('booking');
  return (
    <div className={classes.counter} role="group" aria-label={t('tickets.counter', { name })}>
      <ActionIcon
        variant="default"
        radius="xl"
        onClick={onDecrement}
        disabled={!canDecrement}
        aria-label={t('tickets.decrement', { name })}
      >
        <MinusIcon />
      </ActionIcon>
      <span className={classes.count} aria-live="polite" aria-atomic="true">
        <VisuallyHidden>{t('tickets.countPrefix', { name })}</VisuallyHidden>
        {count}
      </span>
      <ActionIcon
        variant="filled"
        radius="xl"
        onClick={onIncrement}
        disabled={!canIncrement}
        aria-label={t('tickets.increment', { name })}
      >
        <PlusIcon />
      </ActionIcon>
    </div>
  );
}

/**
 * A ticket category's counter: from zero straight to the category's minimum, up to what the
 * order can take now, and back to zero from the minimum (lib/availability.ts).
 */
export function CategoryCounter({
  name,
  count,
  bounds,
  onChange,
}: {
  name: string;
  count: number;
  bounds: CounterBounds;
  onChange: (count: number) => void;
}) {
  return (
    <TicketCounter
      name={name}
      count={count}
      canDecrement={count > 0}
      canIncrement={increment(count, bounds) !== count}
      onDecrement={() => onChange(decrement(count, bounds))}
      onIncrement={() => onChange(increment(count, bounds))}
    />
  );
}
