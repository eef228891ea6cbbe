import '@mantine/core/styles/Anchor.layer.css';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { To } from 'react-router';
import classes from './auth.module.css';

export interface AuthLinkProps {
  to: To;
  children: ReactNode;
}

export function AuthLink({ to, children }: AuthLinkProps) {
  return (
    <Anchor component={Link} to={to} className={classes.link}>
      {children}
    </Anchor>
  );
}
