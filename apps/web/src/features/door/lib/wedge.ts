/**
 * Keyboard-wedge scanners (USB or Bluetooth barcode readers) type the code they read as
 * keystrokes, far faster than a person, and end it with Enter. This tells those bursts from
 * typing: keys that follow each other within `maxGapMs`, at least `minLength` of them, then
 * Enter. A slower key starts a new burst, so a person's typing never becomes a scan.
 */
export interface WedgeOptions {
  /** The longest pause between two keys of one scan; scanners send a key every 1–20 ms. */
  maxGapMs?: number;
  /** Shorter bursts are ignored (a person can hit two keys and Enter quickly). */
  minLength?: number;
}

export interface WedgeDetector {
  /** Feeds one key (`KeyboardEvent.key`) typed at `time` ms; answers the code when one ends. */
  push(key: string, time: number): string | null;
  reset(): void;
}

export const WEDGE_MAX_GAP_MS = 50;
export const WEDGE_MIN_LENGTH = 6;

export function createWedgeDetector({
  maxGapMs = WEDGE_MAX_GAP_MS,
  minLength = WEDGE_MIN_LENGTH,
}: WedgeOptions = {}): WedgeDetector {
  let buffer = '';
  let lastTime = Number.NEGATIVE_INFINITY;

  function reset() {
    buffer = '';
    lastTime = Number.NEGATIVE_INFINITY;
  }

  return {
    reset,
    push(key, time) {
      const isQuick = time - lastTime <= maxGapMs;
      if (key === 'Enter') {
        const code = isQuick && buffer.length >= minLength ? buffer : null;
        reset();
        return code;
      }
      // Shift, Alt and the like come with the characters they change; they are not characters.
      if (key.length !== 1) return null;
      buffer = isQuick ? buffer + key : key;
      lastTime = time;
      return null;
    },
  };
}

/** Keys typed into a field belong to that field (the code field handles its own Enter). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}
