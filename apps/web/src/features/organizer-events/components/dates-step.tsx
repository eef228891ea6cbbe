import '@mantine/core/styles/Tabs.layer.css';
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hafla/shared/events/events';
import type { EventDate } from '@hafla/shared/event-dates/event-dates';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { dayKey, formatDateTime, formatSlotTimes } from '../../../lib/format';
import { formatTimeZone } from '../../../lib/format-time-zone';
import { isolate } from '../../../lib/bidi';
import { useEventDates } from '../api/get-event-dates';
import { useNow } from '../lib/use-now';
import { useDeleteEventPart } from '../api/remove-event-parts';
import { FormAlert } from '../../../components/form-alert';
import { BulkDatesForm } from './bulk-dates-form';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DateChartDialog, DateChartSummary } from './date-chart-dialog';
import { DateSlotForm } from './date-slot-form';
import classes from './organizer.module.css';

/** Days shown before "show all": a daily show for three months would otherwise fill the page. */
const DAYS_SHOWN = 7;

const DAY_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
};

interface DayGroup {
  key: string;
  slots: EventDate[];
}

function groupByDay(slots: readonly EventDate[], timeZone: string): DayGroup[] {
  const groups = new Map<string, EventDate[]>();
  const sorted = [...slots].sort((a, b) => a.start.localeCompare(b.start));
  for (const slot of sorted) {
    const key = dayKey(slot.start, timeZone);
    groups.set(key, [...(groups.get(key) ?? []), slot]);
  }
  return [...groups].map(([key, daySlots]) => ({ key, slots: daySlots }));
}

export interface DatesStepProps {
  event: Event;
  readOnly: boolean;
}

export function DatesStep({ event, readOnly }: DatesStepProps) {
  const { t, i18n } = useTranslation(['organizer', 'charts']);
  const dates = useEventDates(event.id);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const [addMode, setAddMode] = useState<string | null>('repeat');
  const [deleting, setDeleting] = useState<EventDate | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const [chartSlot, setChartSlot] = useState<EventDate | null>(null);
  const remove = useDeleteEventPart(event.id, 'event_dates');
  // After a delete the slot's buttons are gone: focus goes back to the list's heading.
  const listTitle = useRef<HTMLHeadingElement>(null);
  const timeZone = event.timezone;
  const language = i18n.language;
  const slots = useMemo(() => dates.data?.results ?? [], [dates.data]);
  const groups = useMemo(() => groupByDay(slots, timeZone), [slots, timeZone]);
  const existingStarts = useMemo(() => slots.map((slot) => slot.start), [slots]);
  const now = useNow();
  const shownGroups = isShowingAll ? groups : groups.slice(0, DAYS_SHOWN);
  const zone = isolate(formatTimeZone(timeZone, language));

  return (
    <Stack gap="lg">
      <Text>{t('dates.zoneNote', { zone })}</Text>

      <section aria-labelledby="dates-list" className={classes.card}>
        <Stack gap="sm">
          <Title order={3} id="dates-list" ref={listTitle} tabIndex={-1}>
            {t('dates.listTitle', { count: slots.length })}
          </Title>
          {deleted && <FormAlert tone="success" message={deleted} />}
          {dates.isPending ? (
            <PageLoader />
          ) : dates.isError ? (
            <QueryError error={dates.error} onRetry={() => void dates.refetch()} />
          ) : groups.length === 0 ? (
            <Text>{t('dates.empty')}</Text>
          ) : (
            <>
              <ul className={classes.plainList}>
                {shownGroups.map((group) => (
                  <li key={group.key}>
                    <Text fw={700} mb={4}>
                      {formatDateTime(group.slots[0]?.start ?? '', timeZone, language, DAY_FORMAT)}
                    </Text>
                    <ul className={classes.plainList}>
                      {group.slots.map((slot) => {
                        const range = formatSlotTimes(slot, timeZone, language);
                        const isPast = new Date(slot.start).getTime() <= now;
                        if (editingId === slot.id) {
                          return (
                            <li key={slot.id} className={classes.card}>
                              <DateSlotForm
                                eventId={event.id}
                                timeZone={timeZone}
                                slot={slot}
                                onSaved={() => setEditingId(null)}
                                onCancel={() => setEditingId(null)}
                              />
                            </li>
                          );
                        }
                        return (
                          <li key={slot.id} className={classes.slotRow}>
                            <Text dir="auto">
                              <span>{range}</span>
                              {isPast && (
                                <Text span c="dimmed" size="sm">
                                  {` · ${t('dates.past')}`}
                                </Text>
                              )}
                              <DateChartSummary
                                eventDateId={slot.id}
                                hasSeatMap={slot.has_seat_map}
                              />
                            </Text>
                            <Group gap={4} wrap="nowrap">
                              <Button
                                variant="subtle"
                                size="compact-md"
                                mih={44}
                                onClick={() => setChartSlot(slot)}
                                aria-label={t('charts:attach.buttonLabel', {
                                  when: formatDateTime(slot.start, timeZone, language),
                                })}
                              >
                                {t('charts:attach.button')}
                              </Button>
                              {!readOnly && (
                                <>
                                  <Button
                                    variant="subtle"
                                    size="compact-md"
                                    mih={44}
                                    onClick={() => setEditingId(slot.id)}
                                    aria-label={t('dates.editSlot', {
                                      when: formatDateTime(slot.start, timeZone, language),
                                    })}
                                  >
                                    {t('actions.edit')}
                                  </Button>
                                  <Button
                                    variant="subtle"
                                    color="red.9"
                                    c="red.9"
                                    size="compact-md"
                                    mih={44}
                                    onClick={() => {
                                      setDeleted(null);
                                      setDeleting(slot);
                                    }}
                                    aria-label={t('dates.deleteSlot', {
                                      when: formatDateTime(slot.start, timeZone, language),
                                    })}
                                  >
                                    {t('actions.delete')}
                                  </Button>
                                </>
                              )}
                            </Group>
                          </li>
                        );
                      })}
                    </ul>
                  </li>
                ))}
              </ul>
              {groups.length > DAYS_SHOWN && (
                <Button
                  variant="default"
                  onClick={() => setIsShowingAll((shown) => !shown)}
                  aria-expanded={isShowingAll}
                >
                  {isShowingAll
                    ? t('dates.showFewer')
                    : t('dates.showAll', { count: groups.length })}
                </Button>
              )}
            </>
          )}
        </Stack>
      </section>

      {chartSlot && (
        <DateChartDialog
          eventId={event.id}
          eventDateId={chartSlot.id}
          hasSeatMap={chartSlot.has_seat_map}
          when={formatDateTime(chartSlot.start, timeZone, language)}
          readOnly={readOnly}
          onClose={() => setChartSlot(null)}
        />
      )}

      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={t('dates.deleteTitle')}
        text={
          deleting
            ? t('dates.deleteText', { when: formatDateTime(deleting.start, timeZone, language) })
            : ''
        }
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
        onDeleted={() => {
          if (deleting) {
            setDeleted(
              t('dates.deleted', { when: formatDateTime(deleting.start, timeZone, language) }),
            );
          }
          setDeleting(null);
          requestAnimationFrame(() => listTitle.current?.focus());
        }}
        onClose={() => setDeleting(null)}
      />

      {!readOnly && (
        <section aria-labelledby="dates-add">
          <Stack gap="sm">
            <Title order={3} id="dates-add">
              {t('dates.addTitle')}
            </Title>
            <Tabs value={addMode} onChange={setAddMode} keepMounted={false}>
              <Tabs.List grow>
                <Tabs.Tab value="repeat">{t('dates.modeRepeat')}</Tabs.Tab>
                <Tabs.Tab value="single">{t('dates.modeSingle')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="repeat" pt="md">
                <BulkDatesForm
                  eventId={event.id}
                  timeZone={timeZone}
                  existingStarts={existingStarts}
                />
              </Tabs.Panel>
              <Tabs.Panel value="single" pt="md">
                <DateSlotForm eventId={event.id} timeZone={timeZone} onSaved={() => {}} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </section>
      )}
    </Stack>
  );
}
