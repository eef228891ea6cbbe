import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abortedWithCaller, Admission } from './admission';
import { AppError } from './app-error';

afterEach(() => vi.useRealTimers());

/** Work that ends when the test says so, recording when it started. */
function gatedWork(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    work: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

describe('Admission', () => {
  it('runs at most `atOnce` at a time and the rest in the order they came', async () => {
    const admission = new Admission({ atOnce: 2, maxWaitMs: 10_000 });
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gatedWork(started, name));
    const results = [a, b, c, d].map((piece) => admission.run(piece!.work));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(admission.queued).toBe(2);

    b!.finish();
    await results[1];
    expect(started).toEqual(['a', 'b', 'c']);
    a!.finish();
    await results[0];
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c!.finish();
    d!.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(admission.queued).toBe(0);
  });

  it('hands on the turn of work that failed', async () => {
    const admission = new Admission({ atOnce: 1, maxWaitMs: 10_000 });
    const started: string[] = [];
    const first = gatedWork(started, 'first');
    const second = gatedWork(started, 'second');
    const failing = admission.run(first.work);
    const next = admission.run(second.work);
    first.fail(new Error('broken'));
    await expect(failing).rejects.toThrow('broken');
    second.finish();
    await expect(next).resolves.toBe('second');
  });

  it('refuses a wait longer than maxWaitMs with 503 and Retry-After, without running it', async () => {
    vi.useFakeTimers();
    const admission = new Admission({ atOnce: 1, maxWaitMs: 500, retryAfterSeconds: 3 });
    const started: string[] = [];
    const first = gatedWork(started, 'first');
    const running = admission.run(first.work);
    const refused = admission.run(gatedWork(started, 'late').work);
    const outcome = refused.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(499);
    expect(admission.queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'service_unavailable',
      status: 503,
      headers: { 'retry-after': '3' },
    });
    expect(admission.queued).toBe(0);
    first.finish();
    await running;
    expect(started).toEqual(['first']);
    // The turn the refused one never took is free again.
    await expect(admission.run(async () => 'after')).resolves.toBe('after');
  });

  it('drops waiting work whose caller has gone, and refuses one already gone', async () => {
    const admission = new Admission({ atOnce: 1, maxWaitMs: 10_000 });
    const started: string[] = [];
    const first = gatedWork(started, 'first');
    const running = admission.run(first.work);
    const caller = new AbortController();
    const dropped = admission.run(gatedWork(started, 'gone').work, caller.signal);
    caller.abort(new Error('caller gone'));
    await expect(dropped).rejects.toThrow('caller gone');
    expect(admission.queued).toBe(0);
    first.finish();
    await running;
    await expect(admission.run(async () => 'x', caller.signal)).rejects.toThrow('caller gone');
    expect(started).toEqual(['first']);
  });

  it('runs work ahead without waiting, holding a turn while it runs', async () => {
    const admission = new Admission({ atOnce: 2, maxWaitMs: 10_000 });
    const started: string[] = [];
    const [held, ahead1, ahead2, waiting] = ['held', 'ahead1', 'ahead2', 'waiting'].map((name) =>
      gatedWork(started, name),
    );
    const results = [
      admission.run(held!.work),
      admission.runAhead(ahead1!.work),
      admission.runAhead(ahead2!.work),
      admission.run(waiting!.work),
    ];
    await Promise.resolve();
    // Over the limit while the work ahead runs; what can wait waits.
    expect([...started].sort()).toEqual(['ahead1', 'ahead2', 'held']);
    held!.finish();
    await results[0];
    expect(started).toHaveLength(3);
    ahead1!.finish();
    await results[1];
    expect(started).toHaveLength(4);
    expect(started.at(-1)).toBe('waiting');
    ahead2!.finish();
    waiting!.finish();
    await expect(Promise.all(results)).resolves.toEqual(['held', 'ahead1', 'ahead2', 'waiting']);
  });

  it('admits everything at once when atOnce is 0', async () => {
    const admission = new Admission({ atOnce: 0, maxWaitMs: 100 });
    const started: string[] = [];
    const pieces = ['a', 'b', 'c'].map((name) => gatedWork(started, name));
    const results = pieces.map((piece) => admission.run(piece.work));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const piece of pieces) piece.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
  });
});

describe('abortedWithCaller', () => {
  const response = (writableFinished: boolean) =>
    Object.assign(new EventEmitter(), { writableFinished }) as unknown as ServerResponse;

  it('aborts when the connection closes before the answer is written', () => {
    const closed = response(false);
    const signal = abortedWithCaller(closed);
    closed.emit('close');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toMatchObject({ code: 'request_aborted', status: 499 });
  });

  it('does not abort once the answer was written', () => {
    const answered = response(true);
    const signal = abortedWithCaller(answered);
    answered.emit('close');
    expect(signal.aborted).toBe(false);
  });
});
