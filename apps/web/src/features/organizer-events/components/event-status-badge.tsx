import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventStatus } from '@hafla/shared/events/events';

const COLORS: Record<EventStatus, string> = {
  draft: 'gray',
  published: 'green',
  ended: 'blue',
  cancelled: 'red',
};

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation('organizer');
  const color = COLORS[status];
  return (
    <Badge
      variant="light"
      color={color}
      size="lg"
      // The light variant's coloured text is below AA on its own tint (green's shade 9 too, in
      // small capitals): the tint tells the status, the text stays the page's.
      styles={{ root: { color: 'var(--mantine-color-text)' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
