import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Draft until the first publication, then the newest published version. */
export function ChartStatusBadge({ publishedVersion }: { publishedVersion: number | null }) {
  const { t } = useTranslation('charts');
  return (
    <Badge
      variant="light"
      color={publishedVersion === null ? 'gray' : 'green'}
      size="lg"
      // The light variant's coloured text is below AA on its tint: the tint tells the status.
      styles={{ root: { color: 'var(--mantine-color-text)' } }}
    >
      {publishedVersion === null
        ? t('list.draft')
        : t('list.published', { version: publishedVersion })}
    </Badge>
  );
}
