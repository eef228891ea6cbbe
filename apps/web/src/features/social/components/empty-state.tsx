import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState as BaseEmptyState } from '../../../components/empty-state';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text: string;
  action?: { to: string; label: string };
}

/** The social pages' empty state: the accent colour, a short measure, a link onwards. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <BaseEmptyState
      icon={icon}
      tone="accent"
      title={title}
      text={text}
      textMaxWidth={420}
      action={
        action && (
          <Button component={Link} to={action.to} mt="xs">
            {action.label}
          </Button>
        )
      }
    />
  );
}
