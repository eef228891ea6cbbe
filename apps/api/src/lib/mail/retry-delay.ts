export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 10 * 60_000;

/**
 * How long to wait after the `attempts`-th failed attempt: doubling from one second up to ten
 * minutes, drawn from the upper half of that (`random` in [0, 1)), so that mail which failed
 * together (a server that was down) does not come back all at once.
 */
export function retryDelayMs(attempts: number, random: number): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30);
  const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
