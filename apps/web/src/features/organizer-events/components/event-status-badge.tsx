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
      // The light variant's text (shade 6) is below AA on its tint; shade 9 is well above.
      styles={{ root: { color: `var(--mantine-color-${color}-9)` } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
