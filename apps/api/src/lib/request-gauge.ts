/**
 * How many requests this process is answering, and a way to wait until it answers none: work
 * that can wait (rendering and sending mail) runs between requests rather than beside them, so
 * during a rush it does not lengthen the answers buyers wait for. `whenIdle` still gives way
 * after `maxWaitMs`, so that under endless load the work advances, slowly, and catches up once
 * the load stops.
 */
export class RequestGauge {
  private inFlight = 0;
  private waiters: Array<() => void> = [];

  get busy(): number {
    return this.inFlight;
  }

  started(): void {
    this.inFlight += 1;
  }

  finished(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.wakeAll();
  }

  whenIdle(maxWaitMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      timer.unref();
      this.waiters.push(done);
    });
  }

  private wakeAll(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
