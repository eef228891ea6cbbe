import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkInAnswer, listItem, qrOf, usher } from '../testing/fixtures';
import { openDoorDatabase } from './door-db';
import type { DoorDatabase } from './door-db';
import { DoorSync } from './door-sync';
import type { DoorApi } from './door-sync';

const EVENT = 7;
const me = { id: usher.id, name: 'Layla Usher' };
let databases: DoorDatabase[] = [];

function networkDown() {
  return new ApiError(0, {
    type: 'client_error',
    errors: [{ code: 'network_error', detail: 'offline', attr: null }],
  });
}

async function setUp(api: Partial<DoorApi> = {}) {
  const db = openDoorDatabase(`test-${crypto.randomUUID()}`);
  databases.push(db);
  const rows = await Promise.all([1, 2, 3].map((id) => listItem(id)));
  const fullApi: DoorApi = {
    checkIn: vi.fn(() => Promise.reject(networkDown())),
    checkInBatch: vi.fn(() => Promise.reject(networkDown())),
    checkInList: vi.fn(() =>
      Promise.resolve({ results: rows, cursor: 'c1', more: false, is_organizer: false }),
    ),
    ...api,
  };
  const door = new DoorSync(db, EVENT, 'web-device-1', me, fullApi);
  return { db, door, api: fullApi };
}

afterEach(async () => {
  for (const db of databases) await db.delete();
  databases = [];
});

describe('the door on one device', () => {
  it('judges scans offline against its copy of the list and queues every one', async () => {
    const { door, db } = await setUp();
    await door.sync();
    expect(await db.tickets.count()).toBe(3);

    const first = await door.scan(qrOf(1), undefined, false);
    expect(first).toMatchObject({ result: 'ok', holderName: 'Guest 1', isOffline: true });

    const again = await door.scan(qrOf(1), undefined, false);
    expect(again).toMatchObject({
      result: 'already_checked_in',
      checkedInBy: me,
      checkedInAt: first.checkedInAt,
    });

    // The short code printed under the QR, typed loosely, finds the same kind of row.
    expect(await door.scan('2-abcd efgh', undefined, false)).toMatchObject({
      result: 'ok',
      holderName: 'Guest 2',
    });
    expect(await door.scan('H1.99.forged.code', undefined, false)).toMatchObject({
      result: 'invalid',
      holderName: null,
    });

    const queue = await db.scans.orderBy('scanned_at').toArray();
    expect(queue.map((scan) => scan.local_result)).toEqual([
      'ok',
      'already_checked_in',
      'ok',
      'invalid',
    ]);
    expect(new Set(queue.map((scan) => scan.nonce)).size).toBe(4);
    expect(queue.every((scan) => scan.device === 'web-device-1')).toBe(true);
    expect(await door.queueLength()).toBe(4);
  });

  it('falls back to the device when the server cannot be reached, and asks it when it can', async () => {
    const checkIn = vi
      .fn<DoorApi['checkIn']>()
      .mockRejectedValueOnce(networkDown())
      .mockResolvedValueOnce(checkInAnswer(3, 'already_checked_in'));
    const { door } = await setUp({ checkIn });
    await door.sync().catch(() => {});

    expect(await door.scan(qrOf(1), undefined, true)).toMatchObject({
      result: 'ok',
      isOffline: true,
    });
    const online = await door.scan(qrOf(3), 71, true);
    expect(online).toMatchObject({
      result: 'already_checked_in',
      isOffline: false,
      checkedInBy: { name: 'Layla Usher' },
    });
    expect(checkIn).toHaveBeenLastCalledWith(
      expect.objectContaining({ code: qrOf(3), event: EVENT, event_date: 71 }),
    );
  });

  it('refuses to guess when the server refuses the usher', async () => {
    const refused = new ApiError(404, {
      type: 'client_error',
      errors: [{ code: 'not_found', detail: 'Not found.', attr: null }],
    });
    const { door, db } = await setUp({ checkIn: vi.fn(() => Promise.reject(refused)) });
    await expect(door.scan(qrOf(1), undefined, true)).rejects.toBe(refused);
    expect(await db.scans.count()).toBe(0);
  });

  it('sends the queue when online, lists what the server judged otherwise and keeps the rest', async () => {
    const checkInBatch = vi.fn<DoorApi['checkInBatch']>(async ({ scans }) => ({
      results: scans.map((scan, index) => ({
        ...checkInAnswer(index + 1, index === 0 ? 'already_checked_in' : 'ok', {
          checked_in_by: { id: me.id, name: 'Sami' },
        }),
        nonce: scan.nonce,
      })),
    }));
    const { door, db, api } = await setUp({ checkInBatch });
    await door.sync();
    await door.scan(qrOf(1), undefined, false);
    await door.scan(qrOf(2), undefined, false);
    expect(await door.queueLength()).toBe(2);

    await door.sync();
    const sent = checkInBatch.mock.lastCall![0].scans;
    expect(sent.map((scan) => scan.code)).toEqual([qrOf(1), qrOf(2)]);
    expect(sent.every((scan) => scan.scanned_at && scan.nonce && scan.device)).toBe(true);
    expect(await door.queueLength()).toBe(0);

    const conflicts = await db.conflicts.toArray();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      ticket_id: 1,
      local_result: 'ok',
      server_result: 'already_checked_in',
      checked_in_by: { name: 'Sami' },
    });
    // The list is read again from the cursor the last answer gave.
    expect(api.checkInList).toHaveBeenLastCalledWith(EVENT, 'c1');

    await door.clearConflicts();
    expect(await db.conflicts.count()).toBe(0);
  });

  it('keeps its own unsent check-ins when the list comes back without them', async () => {
    const failing = new ApiError(503, {
      type: 'server_error',
      errors: [{ code: 'service_unavailable', detail: 'Try again.', attr: null }],
    });
    const { door, db, api } = await setUp({
      checkInBatch: vi.fn(() => Promise.reject(failing)),
    });
    await door.sync().catch(() => {});
    await door.scan(qrOf(1), undefined, false);
    // The batch fails (a 503) but the list is read (the server still says "valid").
    await expect(door.sync()).rejects.toBe(failing);
    expect(api.checkInList).toHaveBeenCalledTimes(2);
    expect(await door.queueLength()).toBe(1);
    const row = await db.tickets.get([EVENT, 1]);
    expect(row?.state).toBe('checked_in');
    expect(await door.scan(qrOf(1), undefined, false)).toMatchObject({
      result: 'already_checked_in',
    });
  });
});
