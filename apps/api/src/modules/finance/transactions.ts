import type { Language } from '@hafla/shared/common/i18n';
import type {
  Transaction,
  TransactionKind,
  TransactionListQuery,
} from '@hafla/shared/finance/transactions';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/db-rows';
import { formatMoney } from '../../lib/money';
import { dayBoundary } from './days';

interface EntryRow {
  id: string | number;
  kind: TransactionKind;
  currency: string;
  gross: string | number;
  discount: string | number;
  platform_fee: string | number;
  net: string | number;
  available_at: string | Date | null;
  booking_id: number | null;
  refund_id: number | null;
  withdrawal_id: number | null;
  event_id: number | null;
  event_title: string | null;
  created_at: string | Date;
  total: string | number;
}

const copy = {
  en: {
    sale: 'Tickets {gross} − discount {discount} − Hafla fee {fee} = {net} to you',
    refund:
      'Refund: tickets {gross} − discount {discount} − Hafla fee returned {fee} = {net} taken back',
    withdrawal_reserved: 'Withdrawal request #{id}: {net} set aside from your available balance',
    withdrawal_released: 'Withdrawal request #{id} closed: {net} back in your available balance',
    withdrawal_paid: 'Withdrawal request #{id} paid: {net} sent to your bank',
  },
  ar: {
    sale: 'التذاكر {gross} − الخصم {discount} − رسوم حفلة {fee} = {net} لك',
    refund:
      'استرداد: التذاكر {gross} − الخصم {discount} − رسوم حفلة المُعادة {fee} = {net} مخصومة منك',
    withdrawal_reserved: 'طلب السحب رقم {id}: حُجز {net} من رصيدك المتاح',
    withdrawal_released: 'أُغلق طلب السحب رقم {id}: عاد {net} إلى رصيدك المتاح',
    withdrawal_paid: 'دُفع طلب السحب رقم {id}: أُرسل {net} إلى حسابك المصرفي',
  },
} satisfies Record<Language, Record<TransactionKind, string>>;

/** The signed change to what the organizer can still withdraw (see the contract's `amount`). */
function signedAmount(kind: TransactionKind, net: number): number {
  switch (kind) {
    case 'sale':
    case 'refund':
      return net;
    case 'withdrawal_reserved':
      return -net;
    case 'withdrawal_released':
      return net;
    case 'withdrawal_paid':
      return 0;
  }
}

export function toTransaction(row: EntryRow, now: Date, language: Language): Transaction {
  const [gross, discount, fee, net] = [row.gross, row.discount, row.platform_fee, row.net].map(
    (value) => Math.abs(Number(value)),
  ) as [number, number, number, number];
  const money = (value: number) => formatMoney(value, row.currency, language);
  const values: Record<string, string> = {
    gross: money(gross),
    discount: money(discount),
    fee: money(fee),
    net: money(net),
    id: String(row.withdrawal_id ?? ''),
  };
  const text = copy[language][row.kind].replace(
    /\{(\w+)\}/g,
    (_, name: string) => values[name] ?? '',
  );
  const availableAt = row.available_at === null ? null : new Date(row.available_at);
  return {
    id: Number(row.id),
    kind: row.kind,
    currency: row.currency,
    amount: signedAmount(row.kind, Number(row.net)),
    explanation: { gross, discount, fee, net, text },
    state:
      row.kind === 'sale' && availableAt
        ? availableAt.getTime() <= now.getTime()
          ? 'available'
          : 'pending'
        : null,
    available_at: availableAt?.toISOString() ?? null,
    booking: row.booking_id,
    refund: row.refund_id,
    withdrawal: row.withdrawal_id,
    event: row.event_id === null ? null : { id: row.event_id, title: row.event_title ?? '' },
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The organizer's journal entries, newest first, with the filters of the query. */
export async function listTransactions(
  db: Db,
  organizerId: string,
  query: TransactionListQuery,
  now: Date,
  language: Language,
): Promise<{ count: number; results: Transaction[] }> {
  const zone = query.tz ?? 'UTC';
  const filters = [sql`j.organizer_id = ${organizerId}::uuid`];
  if (query.event) filters.push(sql`j.event_id = ${query.event}::int`);
  if (query.kind) filters.push(sql`j.kind = ${query.kind}`);
  if (query.currency) filters.push(sql`j.currency = ${query.currency}`);
  if (query.from) filters.push(sql`j.created_at >= ${dayBoundary(query.from, zone)}::timestamptz`);
  if (query.to) filters.push(sql`j.created_at < ${dayBoundary(query.to, zone, 1)}::timestamptz`);
  const rows = rowsOf<EntryRow>(
    await db.execute(sql`
select j.id, j.kind, j.currency, j.gross, j.discount, j.platform_fee, j.net, j.available_at,
       j.booking_id, j.refund_id, j.withdrawal_id, j.event_id, e.title as event_title,
       j.created_at, count(*) over () as total
  from journal_entries j
  left join events e on e.id = j.event_id
 where ${sql.join(filters, sql` and `)}
 order by j.created_at desc, j.id desc
 limit ${query.limit} offset ${query.offset}`),
  );
  let count = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.offset > 0) {
    const [counted] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from journal_entries j where ${sql.join(filters, sql` and `)}`,
      ),
    );
    count = counted?.n ?? 0;
  }
  return { count, results: rows.map((row) => toTransaction(row, now, language)) };
}
