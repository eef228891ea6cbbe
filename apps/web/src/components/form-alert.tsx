import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormAlertProps {
  message: ReactNode;
  tone?: 'error' | 'success' | 'info';
  title?: ReactNode;
  children?: ReactNode;
}

/**
 * A form's message that belongs to no field: errors interrupt, successes and notes (why the
 * reader is here) wait their turn.
 */
export function FormAlert({ message, tone = 'error', title, children }: FormAlertProps) {
  if (!message && !children) return null;
  const isError = tone === 'error';
  return (
    <Alert
      role={isError ? 'alert' : 'status'}
      color={isError ? 'red' : tone === 'info' ? 'blue' : 'green'}
      variant="light"
      title={title}
      // Mantine colours a light alert's title with shade 6, below AA contrast on the tint.
      styles={{
        title: { color: 'var(--mantine-color-text)', fontSize: 'var(--mantine-font-size-md)' },
        message: { fontSize: 'var(--mantine-font-size-md)' },
      }}
    >
      {message}
      {children}
    </Alert>
  );
}
