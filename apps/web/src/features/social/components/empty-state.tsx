import { Button, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './social.module.css';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text: string;
  action?: { to: string; label: string };
}

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <div className={classes.empty}>
      <span className={classes.emptyIcon}>{icon}</span>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text maw={420}>{text}</Text>
      {action && (
        <Button component={Link} to={action.to} mt="xs">
          {action.label}
        </Button>
      )}
    </div>
  );
}
