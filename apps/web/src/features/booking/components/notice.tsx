import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './booking.module.css';

export interface NoticeProps {
  title?: string;
  text: string;
  /** Buttons: what the reader can do about it. */
  children: ReactNode;
}

/** A question or a reminder in the flow, with its actions; neither an error nor a success. */
export function Notice({ title, text, children }: NoticeProps) {
  return (
    <div className={classes.card} role="group" aria-label={title ?? text}>
      {title && <Text fw={700}>{title}</Text>}
      <Text>{text}</Text>
      <Group gap="sm">{children}</Group>
    </div>
  );
}
