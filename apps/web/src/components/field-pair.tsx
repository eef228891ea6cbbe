import type { ReactNode } from 'react';
import classes from './field-pair.module.css';

/**
 * Two short fields that belong together (from and until, minimum and maximum, latitude and
 * longitude), side by side even on most phones.
 */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className={classes.pair}>{children}</div>;
}
