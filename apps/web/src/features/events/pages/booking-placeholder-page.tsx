import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyStateIcon } from '../../../components/empty-state';
import { TicketIcon } from '../../../components/icons';
import { NotFound } from '../../../components/not-found';
import { usePageMeta } from '../../../lib/page-meta';
import { parseEventId } from '../api/get-event';

/**
 * Holds the "Book tickets" address until the booking stepper arrives (issue 5 replaces this
 * route), so the button on every event page already leads somewhere honest.
 */
export function BookingPlaceholderPage() {
  const { t } = useTranslation(['events', 'common']);
  const id = parseEventId(useParams().id);
  usePageMeta({
    title: t('booking.meta.title'),
    description: t('booking.meta.description'),
    keywords: t('booking.meta.keywords'),
    siteName: t('common:app.name'),
  });
  if (id === null) return <NotFound />;
  return (
    <Stack align="flex-start" gap="md" py="xl" maw={560}>
      <EmptyStateIcon>
        <TicketIcon size={32} />
      </EmptyStateIcon>
      <Title order={1}>{t('booking.heading')}</Title>
      <Text size="lg">{t('booking.text')}</Text>
      <Group gap="sm">
        <Button component={Link} to={`/events/${id}`}>
          {t('booking.back')}
        </Button>
        <Button component={Link} to="/user/wishlist" variant="default">
          {t('booking.wishlist')}
        </Button>
      </Group>
    </Stack>
  );
}
