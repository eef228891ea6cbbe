import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * The shared read cache (decision 0017): answers that are the same for every anonymous reader,
 * kept per process in memory, computed once however many readers miss at the same time, and
 * dropped as soon as something they show changes.
 *
 * Each answer depends on tags (`event:12`, `organizer:<id>`, `lists`). A change bumps its tags
 * (the database says which, by NOTIFY from triggers, delivered on commit); an answer is served
 * only while none of its tags was bumped since its computation started. Before each lookup the
 * process passes a barrier that proves it has heard every notice committed before the request
 * arrived, so no answer older than a committed change is ever served, on any process.
 */

/** A tag every answer depends on: bumping it drops the whole cache. */
export const ALL = '*';

/** One answer as sent: the value (for per-reader overlays), its JSON and its ETag. */
export interface CachedAnswer<T> {
  value: T;
  /** The JSON as UTF-8 bytes, encoded once: a hit writes them without re-encoding the text. */
  body: Buffer;
  etag: string;
  /** True when this answer came from memory (or a computation another request started). */
  isHit: boolean;
  /** The body compressed, once per answer however many readers ask for it. */
  encoded(encoding: Encoding): Buffer;
}

export type Encoding = 'br' | 'gzip';

export interface Computed<T> {
  value: T;
  /** An instant after which the answer is wrong by itself (a slot ends): it is computed anew. */
  expiresAt?: number | null;
  /** More tags, learnt in the computation (an event page's organizer). */
  tags?: string[];
}

export interface GetOptions {
  /** Turns the value into the JSON sent (a schema's parse, then JSON.stringify). */
  serialize?: (value: unknown) => string;
  /**
   * Families (`organizer`) of the tags the computation may add: a caller joins a computation
   * under way only if no tag of these families changed since it started.
   */
  addsTagsOf?: string[];
}

interface Entry {
  value: unknown;
  body: Buffer;
  etag: string;
  tags: string[];
  /** The change sequence when its computation started. */
  seq: number;
  expiresAt: number;
  variants: Map<Encoding, Buffer>;
}

interface Flight {
  seq: number;
  tags: string[];
  families: string[];
  promise: Promise<Entry>;
}

export interface ReadCacheOptions {
  /** False: every read is computed (READ_CACHE=off, and the uncached bench figures). */
  enabled: boolean;
  maxEntries?: number;
  /** About how much memory the kept answers may take (64 MB by default). */
  maxBytes?: number;
  /** The longest an answer is kept, changes or not (counts move as events end). */
  maxAgeMs?: number;
  /**
   * Resolves true once this process has heard every change committed before the call (a round
   * trip on the LISTEN connection), false when it cannot know (no LISTEN connection): the read
   * is then computed, not served from memory.
   */
  barrier?: () => Promise<boolean>;
  /**
   * The least time between two barriers' starts (1 ms by default): under a steady stream of
   * requests, each round trip then serves every request of its millisecond, not only those that
   * came while the last one ran — a loopback round trip costs both processes a system call.
   */
  minBarrierGapMs?: number;
  now?: () => number;
}

/** A weak ETag (compression may change the bytes, never the meaning) of a JSON body. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when If-None-Match names the ETag (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

export class ReadCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly flights = new Map<string, Flight>();
  /** The sequence number of each tag's last change (absent: before this process started). */
  private readonly bumped = new Map<string, number>();
  /** The same per family (the part before `:`). */
  private readonly familyBumped = new Map<string, number>();
  private seq = 0;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly barrier: () => Promise<boolean>;
  private barrierInFlight: Promise<boolean> | null = null;
  private barrierQueued: Promise<boolean> | null = null;
  private barrierStartedAt = -Infinity;
  private readonly minBarrierGapMs: number;
  /** Counters for tests and the bench. */
  readonly stats = { hits: 0, misses: 0, bypassed: 0, invalidations: 0 };

  constructor(private readonly options: ReadCacheOptions) {
    this.entries = new LRUCache({
      max: options.maxEntries ?? 2_000,
      // Memory, roughly: the JSON, its parsed value and its compressed copies.
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (entry) => Math.max(1, entry.body.length * 3),
    });
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.barrier = options.barrier ?? (() => Promise.resolve(true));
    this.minBarrierGapMs = options.minBarrierGapMs ?? 1;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Something these tags show has changed (committed): answers that depend on them are dropped. */
  invalidate(tags: Iterable<string>): void {
    this.seq += 1;
    for (const tag of tags) {
      this.bumped.set(tag, this.seq);
      const colon = tag.indexOf(':');
      if (colon > 0) this.familyBumped.set(tag.slice(0, colon), this.seq);
    }
    this.stats.invalidations += 1;
    // Tags of changed events pile up; past a bound, forget them all and drop everything.
    if (this.bumped.size > 50_000) {
      this.bumped.clear();
      this.bumped.set(ALL, this.seq);
    }
  }

  /** Drops every answer (the LISTEN connection was lost: notices may have been missed). */
  clear(): void {
    this.invalidate([ALL]);
    this.entries.clear();
  }

  /** Answers computed or kept right now (tests). */
  get size(): number {
    return this.entries.size;
  }

  private isCurrent(seq: number, tags: readonly string[]): boolean {
    if ((this.bumped.get(ALL) ?? 0) > seq) return false;
    return tags.every((tag) => (this.bumped.get(tag) ?? 0) <= seq);
  }

  /**
   * One barrier at a time, and at most one starting per `minBarrierGapMs`; a caller that
   * arrives while one is under way, or too soon after one started, waits for the next (the one
   * under way may have started before a change it must see), so under a crowd a single round
   * trip serves every request that arrived meanwhile. Every caller's barrier starts after it
   * arrived.
   */
  private passBarrier(): Promise<boolean> {
    if (this.barrierQueued) return this.barrierQueued;
    const wait = this.barrierStartedAt + this.minBarrierGapMs - performance.now();
    if (!this.barrierInFlight && wait <= 0) return this.startBarrier();
    const previous = this.barrierInFlight ?? Promise.resolve(true);
    const queued = previous
      .then(() => {
        const left = this.barrierStartedAt + this.minBarrierGapMs - performance.now();
        return left > 0
          ? new Promise((resolve) => setTimeout(resolve, Math.ceil(left)))
          : undefined;
      })
      .then(() => {
        this.barrierQueued = null;
        return this.startBarrier();
      });
    this.barrierQueued = queued;
    return queued;
  }

  private startBarrier(): Promise<boolean> {
    this.barrierStartedAt = performance.now();
    const promise = this.barrier()
      .catch(() => false)
      .finally(() => {
        if (this.barrierInFlight === promise) this.barrierInFlight = null;
      });
    this.barrierInFlight = promise;
    return promise;
  }

  private build(
    computed: Computed<unknown>,
    tags: string[],
    seq: number,
    serialize: Serialize,
  ): Entry {
    const body = Buffer.from(serialize(computed.value));
    const maxAt = this.now() + this.maxAgeMs;
    return {
      value: computed.value,
      body,
      etag: etagOf(body),
      tags: computed.tags ? [...tags, ...computed.tags] : tags,
      seq,
      variants: new Map(),
      expiresAt:
        computed.expiresAt != null && Number.isFinite(computed.expiresAt)
          ? Math.min(computed.expiresAt, maxAt)
          : maxAt,
    };
  }

  /**
   * The answer under `key`: from memory when no tag changed since it was computed, else
   * computed once for every concurrent caller. `serialize` turns the value into the JSON sent.
   */
  async get<T>(
    key: string,
    tags: string[],
    compute: () => Promise<Computed<T>>,
    options: GetOptions = {},
  ): Promise<CachedAnswer<T>> {
    const serialize = options.serialize ?? JSON.stringify;
    const families = options.addsTagsOf ?? [];
    const answer = (entry: Entry, isHit: boolean): CachedAnswer<T> => ({
      value: entry.value as T,
      body: entry.body,
      etag: entry.etag,
      isHit,
      encoded: (encoding) => encodedOf(entry, encoding),
    });
    if (!this.options.enabled || !(await this.passBarrier())) {
      this.stats.bypassed += 1;
      const computed = await compute();
      return answer(this.build(computed, tags, this.seq, serialize), false);
    }
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now() && this.isCurrent(entry.seq, entry.tags)) {
      this.stats.hits += 1;
      return answer(entry, true);
    }
    const flight = this.flights.get(key);
    if (
      flight &&
      this.isCurrent(flight.seq, flight.tags) &&
      flight.families.every((family) => (this.familyBumped.get(family) ?? 0) <= flight.seq)
    ) {
      this.stats.hits += 1;
      return answer(await flight.promise, true);
    }
    this.stats.misses += 1;
    const seq = this.seq;
    const promise = compute().then((computed) => this.build(computed, tags, seq, serialize));
    const started: Flight = { seq, tags, families, promise };
    this.flights.set(key, started);
    try {
      const built = await promise;
      if (this.isCurrent(seq, built.tags) && built.expiresAt > this.now())
        this.entries.set(key, built);
      return answer(built, false);
    } finally {
      if (this.flights.get(key) === started) this.flights.delete(key);
    }
  }
}

type Serialize = (value: unknown) => string;

function encodedOf(entry: Entry, encoding: Encoding): Buffer {
  let variant = entry.variants.get(encoding);
  if (!variant) {
    variant =
      encoding === 'br'
        ? brotliCompressSync(entry.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 6,
              [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
            },
          })
        : gzipSync(entry.body, { level: 6 });
    entry.variants.set(encoding, variant);
  }
  return variant;
}
