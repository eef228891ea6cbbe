import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { directionOf } from '@hafla/shared/common/i18n';
import type { Language } from '@hafla/shared/common/i18n';
import { theme } from '../lib/theme';

// Mantine's default dimmed, error and placeholder greys fall below WCAG AA contrast on white.
const resolveCssVariables: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7] ?? '#495057',
    '--mantine-color-placeholder': mantineTheme.colors.gray[6] ?? '#868e96',
    '--mantine-color-error': mantineTheme.colors.red[9] ?? '#c92a2a',
    '--mantine-color-anchor': mantineTheme.colors.brand?.[7] ?? '#7725C2',
  },
  dark: {},
});

export interface ProvidersProps {
  language: Language;
  queryClient: QueryClient;
  /** Mantine's test environment turns off transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function Providers({ language, queryClient, env = 'default', children }: ProvidersProps) {
  return (
    <DirectionProvider initialDirection={directionOf(language)} detectDirection={false}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        forceColorScheme="light"
        cssVariablesResolver={resolveCssVariables}
        env={env}
      >
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
