import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  page: number;
  pages: number;
  label: string;
  onPage: (page: number) => void;
}

/** Previous / "page x of y" / next, for the door's paged lists. */
export function Pager({ page, pages, label, onPage }: PagerProps) {
  const { t } = useTranslation('door');
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Group justify="space-between">
        <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('guests.previous')}
        </Button>
        <Text>{t('guests.pageOf', { page, pages })}</Text>
        <Button variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('guests.next')}
        </Button>
      </Group>
    </nav>
  );
}

/** A status badge whose text keeps AA contrast (the light badge's own text colour is too pale). */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      variant="light"
      size="lg"
      radius="sm"
      styles={{ label: { color: 'var(--mantine-color-text)', textTransform: 'none' } }}
    >
      {children}
    </Badge>
  );
}
