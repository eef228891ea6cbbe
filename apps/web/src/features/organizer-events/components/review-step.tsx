import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Event } from '@hafla/shared/events/events';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { isolate } from '../../../lib/bidi';
import { formatDateTime, formatPriceRange } from '../../../lib/format';
import { formatTimeZone } from '../../../lib/format-time-zone';
import { splitApiErrors } from '../../../lib/use-form';
import { useCategories } from '../../catalog/api/get-categories';
import { useEventTypes } from '../../catalog/api/get-event-types';
import { useEventDates } from '../api/get-event-dates';
import { usePromoCodes } from '../api/get-promo-codes';
import { usePublishedThisMonth } from '../api/get-published-this-month';
import { useTicketCategories } from '../api/get-ticket-categories';
import { useUpdateEvent } from '../api/update-event';
import { editEventPath } from '../lib/event-steps';
import type { EventStep } from '../lib/event-steps';
import { publishReadiness } from '../lib/publish-readiness';
import type { PublishCheck } from '../lib/publish-readiness';
import { useNow } from '../lib/use-now';
import { CancelEventDialog } from './cancel-event-dialog';
import classes from './organizer.module.css';

function CheckMark({ isOk }: { isOk: boolean }) {
  return (
    <svg
      className={classes.checkIcon}
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle
        cx="12"
        cy="12"
        r="11"
        fill={isOk ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-red-8)'}
      />
      {isOk ? (
        <path
          d="m7 12.5 3.2 3.2L17 9"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path
          d="m8 8 8 8m0-8-8 8"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

function EditLink({ eventId, step, label }: { eventId: number; step: EventStep; label: string }) {
  return (
    <Anchor component={Link} to={editEventPath(eventId, step)} size="sm" fw={600}>
      {label}
    </Anchor>
  );
}

export interface ReviewStepProps {
  event: Event;
}

export function ReviewStep({ event }: ReviewStepProps) {
  const { t, i18n } = useTranslation('organizer');
  const language = i18n.language;
  const dates = useEventDates(event.id);
  const ticketCategories = useTicketCategories(event.id);
  const promoCodes = usePromoCodes(event.id);
  const counter = usePublishedThisMonth();
  const categories = useCategories();
  const eventTypes = useEventTypes();
  const publish = useUpdateEvent();
  const [publishError, setPublishError] = useState<string | null>(null);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const checklistId = useId();
  const now = useNow();

  if (dates.isPending || ticketCategories.isPending) return <PageLoader />;

  const slots = dates.data?.results ?? [];
  const categoryList = ticketCategories.data?.results ?? [];
  const readiness = publishReadiness({
    dates: slots,
    ticketCategoryCount: categoryList.length,
    publishedThisMonth: counter.data,
    now: new Date(now),
  });
  const when = (iso: string) => formatDateTime(iso, event.timezone, language);
  const categoryName = categories.data?.results.find((item) => item.id === event.category)?.name;
  const eventTypeName = eventTypes.data?.results.find((item) => item.id === event.event_type)?.name;
  const priceRange = formatPriceRange(event.price_min, event.price_max, event.currency, language, {
    free: t('tickets.freeLabel'),
  });
  const nextSlot = slots
    .filter((slot) => new Date(slot.start).getTime() > now)
    .sort((a, b) => a.start.localeCompare(b.start))[0];
  const publicPath = `/events/${event.id}`;

  const checkText: Record<PublishCheck, string> = {
    future_date: readiness.checks.future_date
      ? t('review.checks.futureDateOk', { count: readiness.upcomingDateCount })
      : t('review.checks.futureDateMissing'),
    ticket_category: readiness.checks.ticket_category
      ? t('review.checks.ticketCategoryOk', { count: categoryList.length })
      : t('review.checks.ticketCategoryMissing'),
    monthly_limit: counter.data
      ? readiness.checks.monthly_limit
        ? t('review.checks.limitOk', {
            used: counter.data.events_published_this_month,
            limit: counter.data.limit,
          })
        : t('review.checks.limitReached', { limit: counter.data.limit })
      : t('review.checks.limitUnknown'),
  };
  const checkStep: Record<PublishCheck, 'dates' | 'tickets' | null> = {
    future_date: 'dates',
    ticket_category: 'tickets',
    monthly_limit: null,
  };

  function publishEvent() {
    setPublishError(null);
    publish.mutate(
      { eventId: event.id, body: { status: 'published' } },
      { onError: (error) => setPublishError(splitApiErrors(error, []).message) },
    );
  }

  return (
    <Stack gap="lg">
      {event.status === 'draft' && <Text>{t('review.draftLead')}</Text>}
      {event.status === 'published' && (
        <FormAlert
          tone="success"
          title={t('review.publishedTitle')}
          message={
            event.published_at
              ? t('review.publishedText', { when: when(event.published_at) })
              : t('review.publishedTextNoDate')
          }
        >
          <Group mt="sm">
            <Button component={Link} to={publicPath} variant="filled">
              {t('review.viewPublic')}
            </Button>
          </Group>
        </FormAlert>
      )}
      {event.status === 'cancelled' && (
        <FormAlert
          tone="error"
          title={t('review.cancelledTitle')}
          message={
            event.cancelled_at
              ? t('review.cancelledText', { when: when(event.cancelled_at) })
              : t('review.readOnly')
          }
        />
      )}
      {event.status === 'ended' && (
        <FormAlert tone="success" title={t('review.endedTitle')} message={t('review.readOnly')} />
      )}

      <section className={classes.card} aria-labelledby="review-summary">
        <Stack gap="md">
          <Title order={3} id="review-summary">
            {t('review.summary')}
          </Title>
          <dl className={classes.facts}>
            <dt>{t('details.title')}</dt>
            <dd>
              <Text span fw={600}>
                {event.title}
              </Text>
              <br />
              <EditLink eventId={event.id} step="details" label={t('review.editDetails')} />
            </dd>
            <dt>{t('details.category')}</dt>
            <dd>
              {[categoryName, eventTypeName].filter(Boolean).join(' · ') || t('review.notSet')}
            </dd>
            <dt>{t('details.where')}</dt>
            <dd>
              {event.is_online ? (
                <span dir="ltr">{event.online_url ?? t('review.notSet')}</span>
              ) : (
                [event.venue_name, event.address].filter(Boolean).join(', ') || t('review.notSet')
              )}
            </dd>
            <dt>{t('details.timezone')}</dt>
            <dd>{isolate(formatTimeZone(event.timezone, i18n.language))}</dd>
            <dt>{t('details.currency')}</dt>
            <dd>{event.currency}</dd>
            <dt>{t('review.dates')}</dt>
            <dd>
              {t('review.slotCount', { count: slots.length })}
              {nextSlot && ` · ${t('review.nextSlot', { when: when(nextSlot.start) })}`}
              <br />
              <EditLink eventId={event.id} step="dates" label={t('review.editDates')} />
            </dd>
            <dt>{t('review.tickets')}</dt>
            <dd>
              {t('review.categoryCount', { count: categoryList.length })}
              {priceRange && ` · ${priceRange}`}
              <br />
              <EditLink eventId={event.id} step="tickets" label={t('review.editTickets')} />
            </dd>
            <dt>{t('review.promoCodes')}</dt>
            <dd>
              {t('review.promoCount', { count: promoCodes.data?.results.length ?? 0 })}
              <br />
              <EditLink eventId={event.id} step="promo-codes" label={t('review.editPromoCodes')} />
            </dd>
            <dt>{t('review.booking')}</dt>
            <dd>
              {event.requires_approval ? t('review.approvalOn') : t('review.approvalOff')}
              {' · '}
              {t('review.maxPerOrder', { count: event.max_tickets_per_order })}
            </dd>
            <dt>{t('review.refunds')}</dt>
            <dd>
              {event.refund_policy.refund_percentage === 0
                ? t('review.noRefunds')
                : t('review.refundPolicy', {
                    percentage: event.refund_policy.refund_percentage,
                    count: event.refund_policy.refundable_until_hours,
                  })}
            </dd>
          </dl>
        </Stack>
      </section>

      {event.status === 'draft' && (
        <section className={classes.card} aria-labelledby="review-publish">
          <Stack gap="md">
            <Title order={3} id="review-publish">
              {t('review.beforePublishing')}
            </Title>
            <ul className={classes.checklist} id={checklistId}>
              {(Object.keys(readiness.checks) as PublishCheck[]).map((check) => {
                const step = checkStep[check];
                const isOk = readiness.checks[check];
                return (
                  <li key={check} className={classes.checkItem}>
                    <CheckMark isOk={isOk} />
                    <Stack gap={0}>
                      <Text>
                        <VisuallyHidden>
                          {isOk ? t('review.checks.done') : t('review.checks.todo')}{' '}
                        </VisuallyHidden>
                        {checkText[check]}
                      </Text>
                      {!isOk && step && (
                        <EditLink
                          eventId={event.id}
                          step={step}
                          label={t(`review.checks.fix.${step}`)}
                        />
                      )}
                    </Stack>
                  </li>
                );
              })}
            </ul>
            <FormAlert message={publishError} />
            <Group>
              <Button
                size="lg"
                onClick={publishEvent}
                loading={publish.isPending}
                disabled={!readiness.canPublish}
                aria-describedby={checklistId}
              >
                {t('review.publish')}
              </Button>
            </Group>
            {!readiness.canPublish && (
              <Text size="sm" c="dimmed">
                {t('review.publishBlocked')}
              </Text>
            )}
          </Stack>
        </section>
      )}

      {event.status === 'published' && (
        <section className={classes.dangerZone} aria-labelledby="review-cancel">
          <Stack gap="sm" align="flex-start">
            <Title order={3} id="review-cancel">
              {t('cancel.sectionTitle')}
            </Title>
            <Text>{t('cancel.sectionText')}</Text>
            <Button color="red.9" variant="outline" onClick={() => setIsCancelOpen(true)}>
              {t('cancel.open')}
            </Button>
          </Stack>
          <CancelEventDialog
            event={event}
            opened={isCancelOpen}
            onClose={() => setIsCancelOpen(false)}
          />
        </section>
      )}
    </Stack>
  );
}
