import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  googleCalendarUrl,
  outlookCalendarUrl,
  type CalendarLinkEntry,
} from '@hafla/shared/calendar/calendar-links';
import { FormAlert } from './form-alert';
import { CalendarIcon } from './page-icons';
import { apiClient } from '../lib/api-client';
import { saveBlob } from '../lib/download';
import { ShareButton } from './share-button';

export interface AddToCalendarProps {
  /** The API's `.ics` of the ticket or booking: `/api/v1/tickets/{id}/calendar.ics`. */
  icsPath: string;
  fileName: string;
  entry: CalendarLinkEntry;
  /** The event's public page, shared through the device's share sheet or copied. */
  event: { id: number; title: string };
  /** Names the group for a screen reader ("Add ticket 12 to your calendar"). */
  label: string;
}

/** `.ics` download (the reader's token goes with it), Google and Outlook links, and share. */
export function AddToCalendar({ icsPath, fileName, entry, event, label }: AddToCalendarProps) {
  const { t } = useTranslation('tickets');
  const download = useMutation({
    mutationFn: async () => {
      const blob = await apiClient.get<Blob>(icsPath, {
        responseType: 'blob',
        headers: { Accept: 'text/calendar, application/json' },
      });
      saveBlob(blob, fileName);
    },
  });
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text fw={700}>{t('calendar.heading')}</Text>
      <Group gap="sm" align="center">
        <Button
          variant="default"
          leftSection={<CalendarIcon size={20} />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('calendar.ics')}
        </Button>
        <Anchor
          href={googleCalendarUrl(entry)}
          target="_blank"
          rel="noopener noreferrer"
          underline="always"
        >
          {t('calendar.google')}
        </Anchor>
        <Anchor
          href={outlookCalendarUrl(entry)}
          target="_blank"
          rel="noopener noreferrer"
          underline="always"
        >
          {t('calendar.outlook')}
        </Anchor>
        <ShareButton title={event.title} path={`/events/${event.id}`} />
      </Group>
      {download.isError && <FormAlert message={t('calendar.failed')} />}
    </Stack>
  );
}

/** Where a slot is, as a calendar's location field reads it. */
export function calendarLocation(event: {
  is_online: boolean;
  online_url: string | null;
  venue_name: string;
  address: string;
}): string {
  if (event.is_online) return event.online_url ?? '';
  return [event.venue_name, event.address].filter((part) => part.trim()).join(', ');
}
