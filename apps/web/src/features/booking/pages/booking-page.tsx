import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type {
  Booking,
  BookingDay,
  BookingPeriod,
  EventBookingDetails,
} from '@hafla/shared/bookings/bookings';
import { isIn, PAID_BOOKING_STATES } from '@hafla/shared/bookings/states';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert } from '../../../components/form-alert';
import { CalendarIcon } from '../../../components/page-icons';
import { NotFound } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { StepHeading } from '../../../components/steps';
import { isApiError, isNotFoundError } from '../../../lib/api-client';
import { loginPathFor } from '../../../lib/next-path';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { parseEventId } from '../../events/api/get-event';
import { useBookTickets } from '../api/book-tickets';
import { useCancelBooking } from '../api/cancel-booking';
import { bookingQueryOptions, useBooking } from '../api/get-booking';
import { useOpenHold } from '../api/get-bookings';
import { useEventBookingDetails } from '../api/get-event-booking-details';
import { useAvailabilityFeed } from '../lib/use-availability-feed';
import { usePrefetchSeatMap } from '../api/get-seat-map';
import { bookingKeys } from '../api/query-keys';
import { AttendeesStep } from '../components/attendees-step';
import { BookingStepsNav } from '../components/booking-steps-nav';
import { ConfirmationStep } from '../components/confirmation-step';
import { DateStep } from '../components/date-step';
import { HoldCountdown } from '../components/hold-countdown';
import { HoldEnded } from '../components/hold-ended';
import { Notice } from '../components/notice';
import type { HoldEndReason } from '../components/hold-ended';
import { OrderSummary } from '../components/order-summary';
import { PaymentStep } from '../components/payment-step';
import { ReviewStep } from '../components/review-step';
import { SeatStep } from '../components/seat-step';
import { TicketsStep } from '../components/tickets-step';
import classes from '../components/booking.module.css';
import { fitCounters, periodRefusal, withHoldReleased } from '../lib/availability';
import { BOOKING_STEPS, formatBookingSearch } from '../lib/booking-search';
import type { BookingSearch, BookingStep, Counters } from '../lib/booking-search';
import { useBookingSearch } from '../lib/use-booking-search';
import type { SetBookingSearch } from '../lib/use-booking-search';
import { useHasPassed } from '../lib/use-deadline';

interface FrameProps {
  details: EventBookingDetails;
  step: BookingStep;
  hrefOf: (step: BookingStep) => string | null;
  /** The hold bar, above the step while tickets are held. */
  hold?: ReactNode;
  notice?: ReactNode;
  aside?: ReactNode;
  /** The step's own title, when it differs from the usual one (the seat map's). */
  title?: string;
  children: ReactNode;
}

function BookingFrame({ details, step, hrefOf, hold, notice, aside, title, children }: FrameProps) {
  const { t } = useTranslation('booking');
  const { event } = details;
  return (
    <div className={classes.page}>
      <Anchor component={Link} to={`/events/${event.id}`} fw={600}>
        {t('backToEvent')}
      </Anchor>
      <header>
        <p className={classes.eyebrow}>{t('heading')}</p>
        <Title order={1}>
          <span dir="auto">{event.title}</span>
        </Title>
        {(event.venue_name || event.is_online) && (
          <p className={classes.eventMeta}>
            {event.is_online ? t('online') : <span dir="auto">{event.venue_name}</span>}
          </p>
        )}
      </header>
      <BookingStepsNav current={step} hrefOf={hrefOf} />
      {hold}
      {notice}
      <div className={classes.layout}>
        <div className={classes.main}>
          <StepHeading
            step={step}
            counter={t('steps.counter', { number: step, total: BOOKING_STEPS.length })}
            title={title ?? t(`steps.titles.${step}`)}
          />
          {children}
        </div>
        {aside && <aside className={classes.aside}>{aside}</aside>}
      </div>
    </div>
  );
}

/** The period and day the address names, or the only choice when there is just one. */
function resolveChoice(details: EventBookingDetails, search: BookingSearch) {
  const byPeriod =
    search.selectedPeriod === null
      ? undefined
      : details.days.find((day) =>
          day.periods.some((period) => period.id === search.selectedPeriod),
        );
  const selectedDay: BookingDay | null =
    details.days.find((day) => day.day === search.selectedDay) ??
    byPeriod ??
    (details.days.length === 1 ? (details.days[0] ?? null) : null);
  const openPeriods = selectedDay?.periods.filter((period) => periodRefusal(period) === null);
  const period =
    selectedDay?.periods.find((candidate) => candidate.id === search.selectedPeriod) ??
    (selectedDay?.periods.length === 1 && openPeriods?.length === 1 ? openPeriods[0] : null) ??
    null;
  return { selectedDay, period };
}

function itemsOf(counters: Counters) {
  return Object.entries(counters)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ ticket_category: Number(id), quantity }));
}

/** Whether a hold is for just these tickets, on this date. */
function holdsChoice(booking: Booking, period: BookingPeriod, counters: Counters) {
  const wanted = itemsOf(counters);
  return (
    booking.event_date.id === period.id &&
    wanted.length === booking.items.length &&
    wanted.every((item) =>
      booking.items.some(
        (held) => held.ticket_category === item.ticket_category && held.quantity === item.quantity,
      ),
    )
  );
}

/** A hold this reader left open on the event: resume it or let it go. */
function OpenHoldNotice({
  booking,
  onResume,
}: {
  booking: Booking;
  onResume: (booking: Booking) => void;
}) {
  const { t } = useTranslation('booking');
  const cancel = useCancelBooking();
  return (
    <Notice title={t('openHold.title')} text={t('openHold.text')}>
      <Button onClick={() => onResume(booking)}>{t('openHold.resume')}</Button>
      <Button
        variant="default"
        onClick={() => cancel.mutate(booking.id)}
        loading={cancel.isPending}
      >
        {t('openHold.release')}
      </Button>
    </Notice>
  );
}

/** Steps 1 and 2: anyone may choose; holding the tickets needs an account. */
function ChoosingFlow({
  details: eventDetails,
  search,
  setSearch,
}: {
  details: EventBookingDetails;
  search: BookingSearch;
  setSearch: SetBookingSearch;
}) {
  const { t } = useTranslation(['booking', 'seats']);
  const { user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const book = useBookTickets();
  const cancel = useCancelBooking();
  const openHold = useOpenHold(eventDetails.event.id, user !== null);
  // Holding releases the reader's open hold first: its tickets are theirs to choose again.
  const details = useMemo(
    () => (openHold.booking ? withHoldReleased(eventDetails, openHold.booking) : eventDetails),
    [eventDetails, openHold.booking],
  );
  const [bookError, setBookError] = useState<unknown>(null);
  // Counters change faster than the address bar commits (two quick taps on +): the page keeps
  // them in state and mirrors them into the address.
  const [wanted, setWanted] = useState<Counters>(search.counters);
  const { selectedDay, period } = resolveChoice(details, search);
  const isPeriodOpen = period !== null && periodRefusal(period) === null;
  const step: BookingStep = search.currentStep === 2 && isPeriodOpen ? 2 : 1;
  const counters = period ? fitCounters(period, wanted) : {};

  const hrefOf = (target: BookingStep) => {
    if (target > 2 || (target === 2 && !isPeriodOpen)) return null;
    const params = formatBookingSearch({
      ...search,
      selectedDay: selectedDay?.day ?? null,
      selectedPeriod: period?.id ?? null,
      currentStep: target,
    });
    return `${pathname}?${params.toString()}`;
  };

  function resume(booking: Booking) {
    setSearch({ booking: booking.id, currentStep: 3 });
  }

  function signIn() {
    if (!period) return;
    const params = formatBookingSearch({
      ...search,
      selectedDay: selectedDay?.day ?? null,
      selectedPeriod: period.id,
      counters,
      currentStep: 2,
    });
    void navigate(loginPathFor(`${pathname}?${params.toString()}`));
  }

  /** The hold left open (Back after holding, another tab) goes back on sale first: one at a time. */
  async function releaseOpenHold(booking: Booking) {
    try {
      await cancel.mutateAsync(booking.id);
    } catch (error) {
      // Over already (it lapsed, or was paid or released meanwhile): nothing to release.
      if (!isApiError(error) || error.code !== 'booking_not_pending') throw error;
    }
  }

  async function hold() {
    if (!period) return;
    if (!user) {
      signIn();
      return;
    }
    const held = openHold.booking;
    if (held && holdsChoice(held, period, counters)) {
      resume(held);
      return;
    }
    setBookError(null);
    try {
      if (held) await releaseOpenHold(held);
      const booking = await book.mutateAsync({
        event: details.event.id,
        event_date: period.id,
        items: itemsOf(counters),
      });
      setSearch({ booking: booking.id, currentStep: 3, counters });
    } catch (error) {
      setBookError(error);
    }
  }

  const isSoldOut = isApiError(bookError) && bookError.code === 'sold_out';
  const alert = bookError ? (
    <FormAlert
      title={isSoldOut ? t('tickets.soldOutTitle') : undefined}
      message={isApiError(bookError) ? bookError.message : t('errors.book')}
    >
      {isSoldOut && <Text mt="xs">{t('tickets.soldOutText')}</Text>}
    </FormAlert>
  ) : null;

  const isSeatStep = step === 2 && period !== null && period.has_seat_map;
  return (
    <BookingFrame
      details={details}
      step={step}
      hrefOf={hrefOf}
      title={isSeatStep ? t('seats:step.title') : undefined}
      notice={openHold.booking && <OpenHoldNotice booking={openHold.booking} onResume={resume} />}
    >
      {isSeatStep ? (
        <SeatStep
          details={details}
          period={period}
          isSignedIn={user !== null}
          onChangeDate={() => setSearch({ currentStep: 1 })}
          onSignIn={signIn}
          onHeld={(booking) => setSearch({ booking: booking.id, currentStep: 3 })}
          beforeHold={async () => {
            if (openHold.booking) await releaseOpenHold(openHold.booking);
          }}
        />
      ) : step === 1 || !period ? (
        <DateStep
          details={details}
          selectedDay={selectedDay}
          selectedPeriod={period?.id ?? null}
          onSelectDay={(day) => {
            const open = day.periods.filter((candidate) => periodRefusal(candidate) === null);
            setSearch(
              {
                selectedDay: day.day,
                selectedPeriod:
                  day.periods.length === 1 && open.length === 1 ? (open[0]?.id ?? null) : null,
              },
              { replace: true },
            );
          }}
          onSelectPeriod={(periodId) =>
            setSearch(
              { selectedDay: selectedDay?.day ?? null, selectedPeriod: periodId },
              { replace: true },
            )
          }
          onContinue={() =>
            setSearch({
              selectedDay: selectedDay?.day ?? null,
              selectedPeriod: period?.id ?? null,
              currentStep: 2,
            })
          }
        />
      ) : (
        <TicketsStep
          details={details}
          period={period}
          counters={counters}
          onChange={(next) => {
            setBookError(null);
            setWanted(next);
            setSearch({ counters: next }, { replace: true });
          }}
          onChangeDate={() => setSearch({ currentStep: 1 })}
          onContinue={() => void hold()}
          isBooking={book.isPending || cancel.isPending}
          isSignedIn={user !== null}
          heldTickets={
            openHold.booking
              ? holdsChoice(openHold.booking, period, counters)
                ? 'these'
                : 'others'
              : null
          }
          isChecking={openHold.isChecking}
          alert={alert}
        />
      )}
    </BookingFrame>
  );
}

/** Refusals that mean the hold is over, whatever the booking said a moment ago. */
const HOLD_OVER_CODES = ['hold_expired', 'booking_not_pending'];

/** Steps 3 to 6, around one booking the address names. */
function HeldFlow({
  details,
  bookingId,
  search,
  setSearch,
}: {
  details: EventBookingDetails;
  bookingId: number;
  search: BookingSearch;
  setSearch: SetBookingSearch;
}) {
  const { t } = useTranslation('booking');
  const { user } = useSession();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const bookingQuery = useBooking(bookingId);
  const cancel = useCancelBooking();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  // Released on purpose: the page moves on to the tickets, without first saying "cancelled".
  const [isLeaving, setIsLeaving] = useState(false);
  const [endDetail, setEndDetail] = useState<string | null>(null);
  const booking = bookingQuery.data;
  const deadline =
    booking?.status === 'pending' && booking.expires_at ? Date.parse(booking.expires_at) : null;
  const hasLapsed = useHasPassed(deadline);

  function startAgain() {
    const { period } = resolveChoice(details, search);
    void queryClient.invalidateQueries({ queryKey: bookingKeys.event(details.event.id) });
    setSearch({
      booking: null,
      currentStep: period && periodRefusal(period) === null ? 2 : 1,
    });
  }

  function release() {
    cancel.mutate(bookingId, {
      onSuccess: () => {
        setIsLeaving(true);
        startAgain();
      },
      onError: () => void bookingQuery.refetch(),
    });
  }

  /** A refusal that may mean the hold is over: the booking's own state then decides the view. */
  function onBookingError(error: unknown) {
    if (isApiError(error) && error.status > 400) {
      // Kept for the "hold ended" screen: it may say a payment made meanwhile was refunded.
      if (HOLD_OVER_CODES.includes(error.code ?? '')) setEndDetail(error.message);
      void queryClient.invalidateQueries({ queryKey: bookingQueryOptions(bookingId).queryKey });
    }
  }

  const heldStep: BookingStep =
    search.currentStep !== null && search.currentStep >= 3 && search.currentStep <= 5
      ? search.currentStep
      : 3;
  const hrefOf = (target: BookingStep) => {
    if (target < 3 || target >= heldStep || booking?.status !== 'pending') return null;
    return `${pathname}?${formatBookingSearch({ ...search, currentStep: target }).toString()}`;
  };
  const frame = (step: BookingStep, children: ReactNode, extra: Partial<FrameProps> = {}) => (
    <BookingFrame details={details} step={step} hrefOf={hrefOf} {...extra}>
      {children}
    </BookingFrame>
  );

  if (bookingQuery.isPending || isLeaving) return <PageLoader />;
  if (bookingQuery.isError && !isNotFoundError(bookingQuery.error)) {
    return <QueryError error={bookingQuery.error} onRetry={() => void bookingQuery.refetch()} />;
  }
  if (!booking || booking.event !== details.event.id) {
    return frame(heldStep, <HoldEnded reason="missing" onStartAgain={startAgain} />);
  }
  if (isIn(PAID_BOOKING_STATES, booking.status)) {
    const { event } = details;
    const location = event.is_online
      ? ''
      : [event.venue_name, event.address].filter((part) => part.trim()).join(', ');
    return frame(
      6,
      <ConfirmationStep booking={booking} email={user?.email ?? null} location={location} />,
    );
  }
  if (booking.status !== 'pending' || hasLapsed) {
    const reason: HoldEndReason = booking.status === 'cancelled' ? 'cancelled' : 'expired';
    return frame(
      heldStep,
      <HoldEnded reason={reason} detail={endDetail} onStartAgain={startAgain} />,
    );
  }

  const goTo = (step: BookingStep) => setSearch({ currentStep: step });
  const holdBar = deadline !== null && (
    <div>
      <HoldCountdown
        key={deadline}
        deadline={deadline}
        onCancel={() => setIsConfirmingCancel(true)}
        isCancelling={cancel.isPending}
      />
      {isConfirmingCancel && (
        <Notice text={t('hold.confirmCancel')}>
          <Button color="red.8" onClick={release} loading={cancel.isPending}>
            {t('hold.confirmCancelYes')}
          </Button>
          <Button variant="default" onClick={() => setIsConfirmingCancel(false)}>
            {t('hold.confirmCancelNo')}
          </Button>
        </Notice>
      )}
    </div>
  );

  switch (heldStep) {
    case 3:
      return frame(3, <AttendeesStep booking={booking} user={user} onDone={() => goTo(4)} />, {
        hold: holdBar,
        aside: <OrderSummary booking={booking} headingLevel={3} />,
      });
    case 4:
      return frame(
        4,
        <ReviewStep
          booking={booking}
          onBack={() => goTo(3)}
          onContinue={() => goTo(5)}
          onBookingError={onBookingError}
        />,
        { hold: holdBar },
      );
    default:
      return frame(
        5,
        <PaymentStep
          booking={booking}
          onBack={() => goTo(4)}
          onPaid={() => setSearch({ currentStep: 6 }, { replace: true })}
          onBookingError={onBookingError}
        />,
        { hold: holdBar },
      );
  }
}

function BookingFlow({ details }: { details: EventBookingDetails }) {
  const { t } = useTranslation(['booking', 'common']);
  const [search, setSearch] = useBookingSearch();
  const session = useSession();
  const { pathname, search: query } = useLocation();
  useAvailabilityFeed(details.event.id);
  usePageMeta({
    title: t('meta.title', { title: details.event.title }),
    description: t('meta.description'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });

  if (search.booking !== null) {
    // A booking is the reader's own: it needs the session, which may still be restoring.
    if (session.status === 'restoring') return <PageLoader />;
    if (!session.user) return <Navigate to={loginPathFor(pathname + query)} replace />;
    return (
      <HeldFlow
        details={details}
        bookingId={search.booking}
        search={search}
        setSearch={setSearch}
      />
    );
  }
  if (details.days.length === 0) {
    return (
      <div className={classes.page}>
        <Title order={1}>
          <span dir="auto">{details.event.title}</span>
        </Title>
        <EmptyState
          icon={<CalendarIcon size={32} />}
          title={t('noDates.title')}
          text={t('noDates.text')}
          action={
            <Button component={Link} to={`/events/${details.event.id}`}>
              {t('backToEvent')}
            </Button>
          }
        />
      </div>
    );
  }
  return <ChoosingFlow details={details} search={search} setSearch={setSearch} />;
}

/** `/events/:id/book`: the booking stepper (PRODUCT.md section 4). */
export function BookingPage() {
  const eventId = parseEventId(useParams().id);
  const details = useEventBookingDetails(eventId);
  const [search] = useBookingSearch();
  usePrefetchSeatMap(eventId, search.currentStep === 2 ? search.selectedPeriod : null);

  if (eventId === null) return <NotFound />;
  if (details.isPending) return <PageLoader />;
  if (details.isError) {
    if (isNotFoundError(details.error)) return <NotFound />;
    return <QueryError error={details.error} onRetry={() => void details.refetch()} />;
  }
  return <BookingFlow details={details.data} />;
}
