import { formatInZone } from '@hafla/shared/common/zoned-time';
import type {
  PromoCode,
  PromoCodeCreateRequest,
  PromoCodeListQuery,
  PromoCodeReplaceRequest,
} from '@hafla/shared/promo-codes/promo-codes';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { deleteUnlessReferenced, isConstraintViolation } from '../../lib/db-errors';
import { assertEventEditable, findEditableOwnEvent, findOwnEvent } from '../events/ownership';
import { checkPromoTerms } from './promo-rules';
import * as queries from './queries';

export interface PromoCodesDeps {
  db: Db;
  now: () => Date;
}

const UNIQUE_CODE_INDEX = 'promo_codes_event_code_unique';
const codeTaken = () => new AppError('promo_code_taken', { status: 409, attr: 'code' });

function toPromoCode(row: queries.PromoCodeWithEvent): PromoCode {
  const inZone = (instant: Date | null) => (instant ? formatInZone(instant, row.timezone) : null);
  return {
    id: row.id,
    event: row.event_id,
    code: row.code,
    discount_type: row.discount_type === 'fixed' ? 'fixed' : 'percentage',
    value: row.value,
    max_uses: row.max_uses,
    max_uses_per_user: row.max_uses_per_user,
    valid_from: inZone(row.valid_from),
    valid_until: inZone(row.valid_until),
    ticket_categories: row.ticket_category_ids,
    is_active: row.is_active,
    uses: row.uses,
    created_at: formatInZone(row.created_at, row.timezone),
    updated_at: formatInZone(row.updated_at, row.timezone),
  };
}

type PromoFields = Omit<PromoCodeCreateRequest, 'event'>;

/** Checks the organizer's fields against the event and turns them into columns. */
async function toCheckedValues(
  db: Db,
  event: { id: number; currency: string },
  input: PromoFields,
) {
  const values = {
    code: input.code,
    discount_type: input.discount_type,
    value: input.value,
    max_uses: input.max_uses,
    max_uses_per_user: input.max_uses_per_user,
    valid_from: input.valid_from === null ? null : new Date(input.valid_from),
    valid_until: input.valid_until === null ? null : new Date(input.valid_until),
    ticket_category_ids: [...new Set(input.ticket_categories)],
    is_active: input.is_active,
  };
  checkPromoTerms(values, await queries.findEventCategoryPrices(db, event.id), event.currency);
  return values;
}

export async function listOwnPromoCodes(
  deps: PromoCodesDeps,
  organizerId: string,
  query: PromoCodeListQuery,
) {
  if (query.event !== undefined) await findOwnEvent(deps.db, query.event, organizerId, 'event');
  const { rows, count } = await queries.findOwnPromoCodes(deps.db, organizerId, query);
  return { count, results: rows.map(toPromoCode) };
}

export async function getOwnPromoCode(
  deps: PromoCodesDeps,
  organizerId: string,
  id: number,
): Promise<PromoCode> {
  const row = await queries.findOwnPromoCode(deps.db, id, organizerId);
  if (!row) throw notFound();
  return toPromoCode(row);
}

export async function createPromoCode(
  deps: PromoCodesDeps,
  organizerId: string,
  input: PromoCodeCreateRequest,
): Promise<PromoCode> {
  const now = deps.now();
  const event = await findEditableOwnEvent(deps.db, input.event, organizerId, now, 'event');
  const values = await toCheckedValues(deps.db, event, input);
  // Checked first for a clear answer; the unique index on upper(code) settles a race.
  if (await queries.isCodeTaken(deps.db, event.id, values.code, null)) throw codeTaken();
  let id: number;
  try {
    id = await queries.insertPromoCode(deps.db, {
      ...values,
      event_id: event.id,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    if (isConstraintViolation(error, UNIQUE_CODE_INDEX)) throw codeTaken();
    throw error;
  }
  return getOwnPromoCode(deps, organizerId, id);
}

/** PUT: every field replaced (omitted ones take their defaults); the event never changes. */
export async function replacePromoCode(
  deps: PromoCodesDeps,
  organizerId: string,
  id: number,
  input: PromoCodeReplaceRequest,
): Promise<PromoCode> {
  const now = deps.now();
  const row = await queries.findOwnPromoCode(deps.db, id, organizerId);
  if (!row) throw notFound();
  if (input.event !== undefined && input.event !== row.event_id) {
    throw new AppError('invalid', { status: 400, attr: 'event', type: 'validation_error' });
  }
  assertEventEditable({ status: row.event_status, last_end_at: row.event_last_end_at }, now);
  // `id` and `uses` may come back as read; they are not the client's to set.
  const { event: _event, id: _id, uses: _uses, ...fields } = input;
  const values = await toCheckedValues(
    deps.db,
    { id: row.event_id, currency: row.event_currency },
    fields,
  );
  if (await queries.isCodeTaken(deps.db, row.event_id, values.code, id)) throw codeTaken();
  let isReplaced: boolean;
  try {
    isReplaced = await queries.replacePromoCode(deps.db, id, { ...values, updated_at: now });
  } catch (error) {
    if (isConstraintViolation(error, UNIQUE_CODE_INDEX)) throw codeTaken();
    throw error;
  }
  if (!isReplaced) {
    const uses = await queries.findUses(deps.db, id);
    throw new AppError('max_uses_below_uses', { status: 409, attr: 'max_uses', params: { uses } });
  }
  return getOwnPromoCode(deps, organizerId, id);
}

/** DELETE /api/v1/promo_codes/{id}/ — a code no booking used; a used one is deactivated instead. */
export async function deletePromoCode(deps: PromoCodesDeps, organizerId: string, id: number) {
  const row = await queries.findOwnPromoCode(deps.db, id, organizerId);
  if (!row) throw notFound();
  assertEventEditable({ status: row.event_status, last_end_at: row.event_last_end_at }, deps.now());
  await deleteUnlessReferenced(() => queries.deletePromoCode(deps.db, id), 'promo_code_in_use');
}
