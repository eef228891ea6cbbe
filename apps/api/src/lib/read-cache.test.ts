import { describe, expect, it } from 'vitest';
import { ReadCache, etagOf, matchesEtag } from './read-cache';

/** A promise and the hands that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('ReadCache', () => {
  it('computes once for concurrent misses and serves the answer until a tag changes', async () => {
    const cache = new ReadCache({ enabled: true });
    let computed = 0;
    const gate = deferred<void>();
    const compute = async () => {
      computed += 1;
      await gate.promise;
      return { value: { n: computed } };
    };
    const crowd = Array.from({ length: 50 }, () => cache.get('home', ['lists'], compute));
    gate.resolve();
    const answers = await Promise.all(crowd);
    expect(computed).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.toString()))).toEqual(new Set(['{"n":1}']));
    expect((await cache.get('home', ['lists'], compute)).isHit).toBe(true);

    cache.invalidate(['event:1']);
    expect((await cache.get('home', ['lists'], compute)).isHit).toBe(true);
    cache.invalidate(['lists']);
    const after = await cache.get('home', ['lists'], compute);
    expect(after.isHit).toBe(false);
    expect(after.value).toEqual({ n: 2 });
  });

  it('never hands out, nor keeps, an answer whose computation began before a change', async () => {
    const cache = new ReadCache({ enabled: true });
    const first = deferred<void>();
    let version = 'old';
    let calls = 0;
    const compute = async () => {
      calls += 1;
      const seen = version;
      if (calls === 1) await first.promise;
      return { value: seen };
    };
    const early = cache.get('event', ['event:7'], compute);
    while (calls === 0) await new Promise((resolve) => setImmediate(resolve));
    // The change commits while the first computation is still under way.
    version = 'new';
    cache.invalidate(['event:7']);
    const late = await cache.get('event', ['event:7'], compute);
    expect(late.value).toBe('new');
    first.resolve();
    expect((await early).value).toBe('old');
    // The old answer was not kept: the next read is the new one.
    expect((await cache.get('event', ['event:7'], compute)).value).toBe('new');
  });

  it('drops answers by the tags their computation learnt, and by family while it runs', async () => {
    const cache = new ReadCache({ enabled: true });
    let n = 0;
    const compute = async () => ({ value: (n += 1), tags: ['organizer:a'] });
    await cache.get('page', ['event:1'], compute, { addsTagsOf: ['organizer'] });
    expect((await cache.get('page', ['event:1'], compute)).value).toBe(1);
    cache.invalidate(['organizer:b']);
    expect((await cache.get('page', ['event:1'], compute)).value).toBe(1);
    cache.invalidate(['organizer:a']);
    expect((await cache.get('page', ['event:1'], compute)).value).toBe(2);
    cache.clear();
    expect((await cache.get('page', ['event:1'], compute)).value).toBe(3);
  });

  it('computes again once an answer expires by itself', async () => {
    let now = 1_000;
    const cache = new ReadCache({ enabled: true, now: () => now, maxAgeMs: 60_000 });
    let n = 0;
    const compute = async () => ({ value: (n += 1), expiresAt: 2_000 });
    expect((await cache.get('k', [], compute)).value).toBe(1);
    now = 1_999;
    expect((await cache.get('k', [], compute)).value).toBe(1);
    now = 2_000;
    expect((await cache.get('k', [], compute)).value).toBe(2);
    now = 70_000;
    const capped = async () => ({ value: (n += 1) });
    expect((await cache.get('capped', [], capped)).value).toBe(3);
    now += 60_000;
    expect((await cache.get('capped', [], capped)).value).toBe(4);
  });

  it('serves nothing from memory while the barrier fails, and shares one barrier per wave', async () => {
    let barriers = 0;
    let listening = true;
    const cache = new ReadCache({
      enabled: true,
      barrier: async () => {
        barriers += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return listening;
      },
    });
    let n = 0;
    const compute = async () => ({ value: (n += 1) });
    await cache.get('k', [], compute);
    const before = barriers;
    await Promise.all(Array.from({ length: 100 }, () => cache.get('k', [], compute)));
    // One under way when the wave came, at most one more for those that came while it ran.
    expect(barriers - before).toBeLessThanOrEqual(2);
    listening = false;
    expect((await cache.get('k', [], compute)).isHit).toBe(false);
    expect((await cache.get('k', [], compute)).isHit).toBe(false);
  });

  it('starts barriers at least the gap apart, each after the callers it serves arrived', async () => {
    const starts: number[] = [];
    const cache = new ReadCache({
      enabled: true,
      minBarrierGapMs: 5,
      barrier: async () => {
        starts.push(performance.now());
        return true;
      },
    });
    const compute = async () => ({ value: 1 });
    const served: Array<{ arrived: number; barriers: number }> = [];
    const ask = async () => {
      const arrived = performance.now();
      await cache.get('k', [], compute);
      served.push({ arrived, barriers: starts.length });
    };
    // A steady stream: a caller every millisecond or so for 20 ms.
    const callers: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      callers.push(ask());
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(callers);
    // (Timers may fire a little early against performance.now.)
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(3.5);
    }
    // The barrier a caller passed started after it arrived.
    for (const { arrived, barriers } of served) {
      expect(starts[barriers - 1]!).toBeGreaterThanOrEqual(arrived);
    }
  });

  it('computes every read when turned off', async () => {
    const cache = new ReadCache({ enabled: false });
    let n = 0;
    const compute = async () => ({ value: (n += 1) });
    await cache.get('k', [], compute);
    expect((await cache.get('k', [], compute)).value).toBe(2);
  });
});

describe('ETags', () => {
  it('matches If-None-Match weakly, in lists and as *', () => {
    const etag = etagOf('{"a":1}');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(etag.slice(2), etag)).toBe(true);
    expect(matchesEtag(`W/"x", ${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('W/"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
