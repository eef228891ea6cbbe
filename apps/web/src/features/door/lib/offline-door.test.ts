import { describe, expect, it } from 'vitest';
import { listItem, qrOf, SLOT } from '../testing/fixtures';
import {
  batchesOf,
  checkedInCount,
  checkedInLocally,
  hashCode,
  judgeLocally,
  lookupFor,
  mergeBatchAnswers,
  mergeServerRow,
  queuedCheckIns,
} from './offline-door';
import type { QueuedScan, StoredTicket } from './offline-door';

async function stored(id: number, overrides: Partial<StoredTicket> = {}): Promise<StoredTicket> {
  return { ...(await listItem(id)), event: 7, ...overrides };
}

const me = { id: '5b1e3c9a-2f4d-4e6a-8b7c-9d0e1f2a3b4c', name: 'Layla Usher' };

function queued(nonce: string, overrides: Partial<QueuedScan> = {}): QueuedScan {
  return {
    nonce,
    event: 7,
    code: qrOf(1),
    scanned_at: '2030-05-03T16:00:00.000Z',
    device: 'web-1',
    local_result: 'ok',
    ticket_id: 1,
    ...overrides,
  };
}

describe('offline door rules', () => {
  it('hashes as the contract says: hex SHA-256 of the UTF-8 text, first 32 characters', async () => {
    // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    expect(await hashCode('abc')).toBe('ba7816bf8f01cfea414140de5dae2223');
  });

  it('looks a typed short code up by its normalized form, anything else as scanned', async () => {
    expect(await lookupFor(' 12-abcd efgh ')).toEqual({
      field: 'short_code_hash',
      hash: await hashCode('12ABCDEFGH'),
    });
    expect(await lookupFor(qrOf(12))).toEqual({
      field: 'code_hash',
      hash: await hashCode(qrOf(12)),
    });
  });

  it('judges validity before "already checked in", as the server does', async () => {
    expect(judgeLocally(undefined, undefined)).toBe('invalid');
    expect(judgeLocally(await stored(1), undefined)).toBe('ok');
    expect(judgeLocally(await stored(1), SLOT.id + 1)).toBe('wrong_date');
    const inside = checkedInLocally(await stored(1), '2030-05-03T16:00:00.000Z', me);
    expect(judgeLocally(inside, undefined)).toBe('already_checked_in');
    // A ticket refunded after it was scanned is refused, not "already in".
    expect(judgeLocally({ ...inside, state: 'refunded' }, undefined)).toBe('refunded');
    expect(judgeLocally(await stored(2, { state: 'pending_approval' }), undefined)).toBe(
      'pending_approval',
    );
    expect(judgeLocally(await stored(3, { state: 'rejected' }), SLOT.id)).toBe('rejected');
    expect(judgeLocally(await stored(4, { state: 'cancelled' }), SLOT.id)).toBe('cancelled');
  });

  it('keeps a check-in the server has not heard of yet when the list is refreshed', async () => {
    const fromServer = await stored(1);
    const mine = checkedInLocally(fromServer, '2030-05-03T16:00:00.000Z', me);
    expect(mergeServerRow(fromServer, mine, true)).toEqual(mine);
    // Once sent (no queued scan), the server's row is the truth.
    expect(mergeServerRow(fromServer, mine, false)).toEqual(fromServer);
    // Refunded meanwhile: the server's word stands.
    const refunded = { ...fromServer, state: 'refunded' as const };
    expect(mergeServerRow(refunded, mine, true)).toEqual(refunded);
    // Another device's check-in reached the server first: its time and usher are shown.
    const theirs = {
      ...fromServer,
      state: 'checked_in' as const,
      checked_in_at: '2030-05-03T15:59:00.000Z',
      checked_in_by: { id: me.id, name: 'Sami' },
    };
    expect(mergeServerRow(theirs, mine, true)).toEqual(theirs);
  });

  it('lists as conflicts the queued scans the server judged otherwise', () => {
    const sent = [
      queued('n-aaaaaaaa'),
      queued('n-bbbbbbbb', { ticket_id: 2 }),
      queued('n-cccccccc', { ticket_id: null, local_result: 'invalid' }),
    ];
    const { answered, conflicts } = mergeBatchAnswers(sent, {
      results: [
        {
          nonce: 'n-aaaaaaaa',
          id: 1,
          result: 'ok',
          ticket: null,
          checked_in_at: null,
          checked_in_by: null,
        },
        {
          nonce: 'n-bbbbbbbb',
          id: 2,
          result: 'already_checked_in',
          ticket: {
            id: 2,
            holder_name: 'Guest 2',
            ticket_category: { id: 1, name: 'Standard' },
            event_date: SLOT,
            state: 'checked_in',
          },
          checked_in_at: '2030-05-03T15:58:00.000Z',
          checked_in_by: { id: me.id, name: 'Sami' },
        },
        {
          nonce: 'n-cccccccc',
          id: 3,
          result: 'invalid',
          ticket: null,
          checked_in_at: null,
          checked_in_by: null,
        },
        // An answer for a scan this batch did not send is ignored.
        {
          nonce: 'n-zzzzzzzz',
          id: 4,
          result: 'ok',
          ticket: null,
          checked_in_at: null,
          checked_in_by: null,
        },
      ],
    });
    expect(answered).toEqual(['n-aaaaaaaa', 'n-bbbbbbbb', 'n-cccccccc']);
    expect(conflicts).toEqual([
      {
        nonce: 'n-bbbbbbbb',
        event: 7,
        ticket_id: 2,
        holder_name: 'Guest 2',
        scanned_at: '2030-05-03T16:00:00.000Z',
        local_result: 'ok',
        server_result: 'already_checked_in',
        checked_in_at: '2030-05-03T15:58:00.000Z',
        checked_in_by: { id: me.id, name: 'Sami' },
      },
    ]);
  });

  it('sends the queue earliest scan first, in batches the API accepts', () => {
    const queue = [3, 1, 4, 2, 5].map((minute) =>
      queued(`n-${minute}0000000`, { scanned_at: `2030-05-03T16:0${minute}:00.000Z` }),
    );
    const batches = batchesOf(queue, 2);
    expect(batches.map((batch) => batch.map((scan) => scan.scanned_at.slice(15, 16)))).toEqual([
      ['1', '2'],
      ['3', '4'],
      ['5'],
    ]);
  });

  it('counts the queue’s check-ins once per ticket, by the ticket’s date, on top of the server’s', () => {
    const dates = new Map([
      [1, 11],
      [2, 11],
      [3, 12],
    ]);
    const queue = [
      queued('a', { ticket_id: 1 }),
      // A refused scan and an unknown code check nobody in.
      queued('b', { ticket_id: 2, local_result: 'already_checked_in' }),
      queued('c', { ticket_id: null, local_result: 'invalid' }),
      queued('d', { ticket_id: 3 }),
      queued('e', { ticket_id: 1 }),
      // A ticket the device's list no longer has: the date the scanner was set to.
      queued('f', { ticket_id: 4, event_date: 12 }),
    ];
    const counted = queuedCheckIns(queue, (id) => dates.get(id));
    expect(counted).toEqual({ total: 3, byDate: { 11: 1, 12: 2 } });
    expect(checkedInCount(5, counted, undefined)).toBe(8);
    expect(checkedInCount(5, counted, 12)).toBe(7);
    expect(checkedInCount(5, counted, 13)).toBe(5);
    // Sent: the queue is empty and the server's count alone is shown.
    expect(
      checkedInCount(
        8,
        queuedCheckIns([], () => undefined),
        undefined,
      ),
    ).toBe(8);
  });
});
