import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import { and, asc, eq, gt } from 'drizzle-orm';
import { createSandboxGateway } from '../../modules/payments/sandbox-gateway';
import { book } from '../../modules/bookings/hold';
import { pay } from '../../modules/payments/service';
import type { Db } from '../client';
import { users } from '../schema/accounts';
import { bookings } from '../schema/bookings';
import { mailOutbox } from '../schema/mail';
import { eventDates, events, promoCodes, ticketCategories } from '../schema/events';

const ATTENDEE = 'attendee@hafla.test';

/** The demo attendee's orders: two tickets with a promo code, paid by card, and a free one. */
const demoOrders = [
  { title: 'أمسية العود والطرب الأصيل', quantity: 2, promo: true, category: 0 },
  { title: 'معرض الخط العربي في الدرعية', quantity: 1, promo: false, category: 0 },
];

/**
 * Books and pays the demo attendee's tickets through the booking services themselves (the
 * sandbox gateway takes the test card), so the demo's inventory, tickets and ledger are exactly
 * what real orders leave. Idempotent: an attendee who already has a booking is left alone.
 */
export async function seedDemoBookings(db: Db, now: Date): Promise<void> {
  const [attendee] = await db.select().from(users).where(eq(users.email, ATTENDEE));
  if (!attendee) return;
  const [existing] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.user_id, attendee.id))
    .limit(1);
  if (existing) return;
  const deps = {
    db,
    now: () => now,
    gateway: createSandboxGateway(db),
    onConfirmed: () => {},
    onRefunded: () => {},
    notify: () => {},
  };
  for (const order of demoOrders) {
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.title, order.title), eq(events.status, 'published')));
    if (!event) continue;
    const [slot] = await db
      .select()
      .from(eventDates)
      .where(and(eq(eventDates.event_id, event.id), gt(eventDates.start_at, now)))
      .orderBy(asc(eventDates.start_at))
      .limit(1);
    const categories = await db
      .select()
      .from(ticketCategories)
      .where(eq(ticketCategories.event_id, event.id))
      .orderBy(asc(ticketCategories.position), asc(ticketCategories.id));
    const category = categories[order.category];
    if (!slot || !category) continue;
    const [promo] = order.promo
      ? await db.select().from(promoCodes).where(eq(promoCodes.event_id, event.id)).limit(1)
      : [];
    const held = await book(
      deps,
      {
        userId: attendee.id,
        // The seed is no client: its promo codes are right and count for no address.
        address: 'seed',
        language: attendee.language === 'ar' ? 'ar' : 'en',
      },
      {
        event: event.id,
        event_date: slot.id,
        items: [{ ticket_category: category.id, quantity: order.quantity }],
        promo_code: promo?.code ?? null,
      },
    );
    await pay(
      deps,
      attendee.id,
      { booking: held.id, payment_method: held.total > 0 ? TEST_CARDS.success : undefined },
      `demo-${held.id}`,
    );
  }
  // The demo's orders were never anyone's purchase: their confirmations are not mailed.
  await db.delete(mailOutbox).where(eq(mailOutbox.recipient, ATTENDEE));
}
