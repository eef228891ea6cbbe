import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './empty-state.module.css';

/** Events speak in the brand colour; people and saved things in the accent. */
export type EmptyStateTone = 'brand' | 'accent';

export interface EmptyStateIconProps {
  children: ReactNode;
  tone?: EmptyStateTone;
}

/** A large round icon that says what kind of thing is missing (or still to come). */
export function EmptyStateIcon({ children, tone = 'brand' }: EmptyStateIconProps) {
  return (
    <span className={classes.icon} data-tone={tone}>
      {children}
    </span>
  );
}

export interface EmptyStateProps {
  icon: ReactNode;
  tone?: EmptyStateTone;
  title: string;
  text: string;
  /** Keeps the text to a narrower measure than the box. */
  textMaxWidth?: number;
  /** What the reader can do about it: a link or a button. */
  action?: ReactNode;
}

/** Where a list would be: what is missing, and a way on. */
export function EmptyState({ icon, tone, title, text, textMaxWidth, action }: EmptyStateProps) {
  return (
    <div className={classes.empty}>
      <EmptyStateIcon tone={tone}>{icon}</EmptyStateIcon>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text maw={textMaxWidth}>{text}</Text>
      {action}
    </div>
  );
}
