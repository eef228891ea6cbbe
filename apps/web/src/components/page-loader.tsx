import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PageLoaderProps {
  /** Fills the viewport: used before the app shell exists. */
  fullHeight?: boolean;
}

export function PageLoader({ fullHeight = false }: PageLoaderProps) {
  const { t } = useTranslation();
  return (
    <Center role="status" mih={fullHeight ? '100dvh' : 240} aria-live="polite">
      <Loader size="lg" aria-hidden="true" />
      <VisuallyHidden>{t('status.loading')}</VisuallyHidden>
    </Center>
  );
}
