import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Event } from '@hafla/shared/events/events';
import { FormAlert } from '../../../components/form-alert';
import { NotFound } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { StepHeading } from '../../../components/steps';
import { isNotFoundError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useOrganizerEvent } from '../api/get-event';
import { useEventDates } from '../api/get-event-dates';
import { useTicketCategories } from '../api/get-ticket-categories';
import { DatesStep } from '../components/dates-step';
import { DetailsStep } from '../components/details-step';
import type { DetailsSaved } from '../components/details-step';
import { EventStatusBadge } from '../components/event-status-badge';
import { EventStepsNav } from '../components/event-steps-nav';
import { PromoCodesStep } from '../components/promo-codes-step';
import { usePromoCodes } from '../api/get-promo-codes';
import { ReviewStep } from '../components/review-step';
import { TicketCategoriesStep } from '../components/ticket-categories-step';
import classes from '../components/organizer.module.css';
import {
  EVENT_STEPS,
  editEventPath,
  isEventStep,
  nextStep,
  previousStep,
  stepNumber,
} from '../lib/event-steps';
import type { EventStep } from '../lib/event-steps';

/** What creating the draft hands to the edit page it lands on. */
interface EditorNavigationState {
  created?: boolean;
  coverError?: string | null;
}

function readNavigationState(state: unknown): EditorNavigationState {
  return typeof state === 'object' && state !== null ? (state as EditorNavigationState) : {};
}

interface EditorFrameProps {
  heading: ReactNode;
  status?: Event['status'];
  step: EventStep;
  eventId: number | null;
  completed: ReadonlySet<EventStep>;
  notice?: ReactNode;
  children: ReactNode;
}

function EditorFrame({
  heading,
  status,
  step,
  eventId,
  completed,
  notice,
  children,
}: EditorFrameProps) {
  const { t } = useTranslation('organizer');
  return (
    <Stack gap="lg" className={classes.page}>
      <Anchor component={Link} to="/organizer/events" fw={600}>
        {t('editor.backToList')}
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1}>{heading}</Title>
        {status && <EventStatusBadge status={status} />}
      </Group>
      <div className={classes.editorLayout}>
        <div className={classes.editorAside}>
          <EventStepsNav current={step} eventId={eventId} completed={completed} />
        </div>
        <Stack gap="lg" miw={0}>
          {notice}
          <StepHeading
            step={step}
            counter={t('steps.counter', { number: stepNumber(step), total: EVENT_STEPS.length })}
            title={t(`steps.${step}`)}
          />
          {children}
        </Stack>
      </div>
    </Stack>
  );
}

export function NewEventPage() {
  const { t } = useTranslation(['organizer', 'common']);
  const navigate = useNavigate();
  usePageMeta({
    title: t('editor.meta.newTitle'),
    description: t('editor.meta.description'),
    keywords: t('editor.meta.keywords'),
    siteName: t('common:app.name'),
  });

  function saved({ event, coverError }: DetailsSaved) {
    const state: EditorNavigationState = { created: true, coverError };
    void navigate(editEventPath(event.id, coverError ? 'details' : 'dates'), {
      replace: true,
      state,
    });
  }

  return (
    <EditorFrame
      heading={t('editor.newHeading')}
      step="details"
      eventId={null}
      completed={new Set()}
      notice={<Text>{t('editor.newLead')}</Text>}
    >
      <DetailsStep event={null} readOnly={false} onSaved={saved} />
    </EditorFrame>
  );
}

interface StepActionsProps {
  event: Event;
  step: EventStep;
}

/** Back and Continue; Continue checks what the step must hold before the next one makes sense. */
function StepActions({ event, step }: StepActionsProps) {
  const { t } = useTranslation('organizer');
  const navigate = useNavigate();
  const dates = useEventDates(event.id);
  const categories = useTicketCategories(event.id);
  const [problem, setProblem] = useState<string | null>(null);
  const back = previousStep(step);
  const next = nextStep(step);

  function continueToNext() {
    if (!next) return;
    if (step === 'dates' && (dates.data?.count ?? 0) === 0) {
      setProblem(t('editor.needsDate'));
      return;
    }
    if (step === 'tickets' && (categories.data?.count ?? 0) === 0) {
      setProblem(t('editor.needsTicketCategory'));
      return;
    }
    setProblem(null);
    void navigate(editEventPath(event.id, next));
  }

  return (
    <Stack gap="sm">
      <FormAlert message={problem} />
      <div className={classes.actions}>
        {back ? (
          <Button component={Link} to={editEventPath(event.id, back)} variant="default">
            {t('actions.back')}
          </Button>
        ) : (
          <span />
        )}
        {next && <Button onClick={continueToNext}>{t('actions.continue')}</Button>}
      </div>
    </Stack>
  );
}

function EventEditor({ event }: { event: Event }) {
  const { t } = useTranslation(['organizer', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('step');
  const step: EventStep = isEventStep(requested) ? requested : 'details';
  const navigationState = readNavigationState(location.state);
  const isReadOnly = event.status === 'cancelled' || event.status === 'ended';
  const promoCodes = usePromoCodes(event.id);
  usePageMeta({
    title: t('editor.meta.editTitle', { title: event.title }),
    description: t('editor.meta.description'),
    keywords: t('editor.meta.keywords'),
    siteName: t('common:app.name'),
  });

  const completed = new Set<EventStep>(['details']);
  if (event.dates_count > 0) completed.add('dates');
  if (event.ticket_categories_count > 0) completed.add('tickets');
  // Optional, and done once a code exists: the event carries no count, its codes' list says so.
  if ((promoCodes.data?.count ?? 0) > 0) completed.add('promo-codes');
  if (event.status !== 'draft') completed.add('review');

  let body: ReactNode;
  switch (step) {
    case 'details':
      body = (
        <DetailsStep
          key={event.id}
          event={event}
          readOnly={isReadOnly}
          initialCoverError={navigationState.coverError}
          onSaved={() => void navigate(editEventPath(event.id, 'dates'))}
        />
      );
      break;
    case 'dates':
      body = <DatesStep event={event} readOnly={isReadOnly} />;
      break;
    case 'tickets':
      body = <TicketCategoriesStep event={event} readOnly={isReadOnly} />;
      break;
    case 'promo-codes':
      body = <PromoCodesStep event={event} readOnly={isReadOnly} />;
      break;
    case 'review':
      body = <ReviewStep event={event} />;
      break;
  }

  const notice = (
    <>
      {navigationState.created && (
        <FormAlert
          tone="success"
          message={
            navigationState.coverError ? t('editor.createdCoverFailed') : t('editor.created')
          }
        />
      )}
      {isReadOnly && step !== 'review' && <FormAlert tone="error" message={t('review.readOnly')} />}
    </>
  );

  return (
    <EditorFrame
      heading={event.title}
      status={event.status}
      step={step}
      eventId={event.id}
      completed={completed}
      notice={notice}
    >
      {body}
      {step !== 'details' && step !== 'review' && <StepActions event={event} step={step} />}
      {step === 'review' && (
        <div className={classes.actions}>
          <Button component={Link} to={editEventPath(event.id, 'promo-codes')} variant="default">
            {t('actions.back')}
          </Button>
          <Button component={Link} to="/organizer/events" variant="subtle">
            {t('editor.backToList')}
          </Button>
        </div>
      )}
    </EditorFrame>
  );
}

export function EditEventPage() {
  const { t } = useTranslation('organizer');
  const { id = '' } = useParams();
  const eventId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  const event = useOrganizerEvent(eventId);

  if (eventId <= 0) return <NotFound />;
  if (event.isPending) return <PageLoader />;
  if (event.isError) {
    if (isNotFoundError(event.error)) return <NotFound />;
    return (
      <Stack className={classes.narrow}>
        <Title order={1}>{t('editor.loadFailed')}</Title>
        <QueryError error={event.error} onRetry={() => void event.refetch()} />
      </Stack>
    );
  }
  return <EventEditor event={event.data} />;
}
