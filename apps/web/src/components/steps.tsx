import { Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { CheckIcon } from './page-icons';
import classes from './steps.module.css';

export interface StepsNavItem {
  key: string | number;
  label: string;
  /** Where the step opens, or null when it cannot be opened from here. */
  href: string | null;
  isCurrent: boolean;
  isDone: boolean;
  /** Drawn greyed: the step exists but cannot be reached yet. */
  isDisabled?: boolean;
}

export interface StepsNavProps {
  /** The navigation's accessible name. */
  label: string;
  /** What a screen reader hears after a done step's name. */
  doneLabel: string;
  steps: readonly StepsNavItem[];
  /** From the large breakpoint up the list stands as a column, a sidebar beside the step. */
  isSidebarOnWideScreens?: boolean;
}

/**
 * A wizard's steps as an ordered list of numbered names; the steps that may be opened are links.
 * On a phone the steps are numbers in one row (the names are read out, and the step's own
 * heading, a `StepHeading`, shows the current one's).
 */
export function StepsNav({ label, doneLabel, steps, isSidebarOnWideScreens }: StepsNavProps) {
  return (
    <nav aria-label={label}>
      <ol className={classes.steps} data-sidebar={isSidebarOnWideScreens || undefined}>
        {steps.map((step, index) => {
          const content = (
            <>
              <span
                className={classes.stepNumber}
                data-done={step.isDone || undefined}
                aria-hidden="true"
              >
                {step.isDone ? <CheckIcon size={16} /> : index + 1}
              </span>
              <span className={classes.stepLabel}>
                {step.label}
                {step.isDone && <VisuallyHidden>{` ${doneLabel}`}</VisuallyHidden>}
              </span>
            </>
          );
          return (
            <li key={step.key} className={classes.stepItem}>
              {step.href === null ? (
                <span
                  className={classes.step}
                  aria-current={step.isCurrent ? 'step' : undefined}
                  data-disabled={step.isDisabled || undefined}
                >
                  {content}
                </span>
              ) : (
                <Link
                  to={step.href}
                  className={classes.step}
                  aria-current={step.isCurrent ? 'step' : undefined}
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

export interface StepHeadingProps {
  /** Which step this is: the heading takes focus when it changes. */
  step: string | number;
  /** "Step 2 of 6". */
  counter: string;
  title: string;
}

/** The wizard step last on screen, per page: a heading that mounts fresh knows where it came from. */
let lastStepShown: { pathname: string; step: string | number } | null = null;

/**
 * The step's heading takes focus when the step changes, as a new page would: only the query
 * changes, so the layout's focus-on-navigation does not fire. A step drawn by a new component
 * (holding tickets swaps the whole flow) mounts a new heading: it takes focus too when the same
 * wizard showed another step just before, never on a page's first step (coming back from
 * another page, the layout's focus on the page wins: its effect runs after this one).
 */
export function StepHeading({ step, counter, title }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  const previous = useRef<string | number | null>(null);
  useEffect(() => {
    const before =
      previous.current ?? (lastStepShown?.pathname === pathname ? lastStepShown.step : step);
    previous.current = step;
    lastStepShown = { pathname, step };
    if (before !== step) ref.current?.focus();
  }, [step, pathname]);
  return (
    <Title order={2} ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      <Text span c="dimmed" fw={600} size="md" display="block">
        {counter}
      </Text>{' '}
      {title}
    </Title>
  );
}
