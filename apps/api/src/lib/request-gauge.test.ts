import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestGauge } from './request-gauge';

afterEach(() => vi.useRealTimers());

describe('RequestGauge', () => {
  it('lets work through at once while no request is being answered', async () => {
    const gauge = new RequestGauge();
    await expect(gauge.whenIdle(1_000)).resolves.toBeUndefined();
  });

  it('holds work back until the last request in flight is answered', async () => {
    vi.useFakeTimers();
    const gauge = new RequestGauge();
    gauge.started();
    gauge.started();
    let released = false;
    const waiting = gauge.whenIdle(10_000).then(() => {
      released = true;
    });
    gauge.finished();
    await vi.advanceTimersByTimeAsync(100);
    expect(released).toBe(false);
    gauge.finished();
    await waiting;
    expect(released).toBe(true);
    expect(gauge.busy).toBe(0);
  });

  it('gives way after the longest wait under endless load', async () => {
    vi.useFakeTimers();
    const gauge = new RequestGauge();
    gauge.started();
    let released = false;
    void gauge.whenIdle(500).then(() => {
      released = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toBe(true);
    expect(gauge.busy).toBe(1);
  });
});
