/** What the designer's save indicator says. */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed';

export interface AutosaverOptions<T> {
  /** Quiet time after the last change before the draft is sent. */
  delay: number;
  save: (value: T) => Promise<void>;
  onStatus: (status: SaveStatus) => void;
  setTimer?: (run: () => void, delay: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface Autosaver<T> {
  /** A change: the newest value is sent once the designer pauses. */
  schedule(value: T): void;
  /** Sends what is waiting now (leaving the page, publishing); resolves when it is saved. */
  flush(): Promise<void>;
  /** Tries the last failed value again. */
  retry(): Promise<void>;
  /** Stops the timer (unmount); a save in flight finishes. */
  dispose(): void;
}

/**
 * A debounced autosave (decision 0022): one request at a time, always the newest draft; a change
 * made while a save is in flight is sent after it. A failure keeps the value and says so; the
 * next change or `retry` sends it again.
 */
export function createAutosaver<T>(options: AutosaverOptions<T>): Autosaver<T> {
  const setTimer = options.setTimer ?? ((run, delay) => setTimeout(run, delay));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let waiting: { value: T } | null = null;
  let timer: unknown = null;
  let inFlight: Promise<void> | null = null;
  let isDisposed = false;

  async function send(): Promise<void> {
    if (inFlight) {
      await inFlight;
      return waiting ? send() : undefined;
    }
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    options.onStatus('saving');
    inFlight = options.save(value).then(
      () => {
        inFlight = null;
        if (!waiting) options.onStatus('saved');
      },
      () => {
        inFlight = null;
        // The newest value stays to be sent: a later change would replace it anyway.
        waiting ??= { value };
        options.onStatus('failed');
        throw new Error('save failed');
      },
    );
    try {
      await inFlight;
    } catch {
      return;
    }
    if (waiting && !isDisposed) return send();
  }

  function stopTimer() {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  return {
    schedule(value) {
      waiting = { value };
      options.onStatus('pending');
      stopTimer();
      timer = setTimer(() => {
        timer = null;
        void send();
      }, options.delay);
    },
    async flush() {
      stopTimer();
      await send();
      if (waiting) throw new Error('save failed');
    },
    async retry() {
      stopTimer();
      await send();
    },
    dispose() {
      isDisposed = true;
      stopTimer();
    },
  };
}
