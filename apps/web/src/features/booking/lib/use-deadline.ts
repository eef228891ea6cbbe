import { useEffect, useState } from 'react';

// Browsers run a longer timeout at once (the delay is a signed 32-bit number of milliseconds).
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Whether `deadline` (epoch ms, or null for never) has passed: one timer for the moment it does,
 * so the page re-renders once rather than every second.
 */
export function useHasPassed(deadline: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null || now >= deadline) return;
    // Measured here, not from `now`, which is only as recent as the last re-render.
    const wait = Math.max(0, deadline - Date.now());
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return deadline !== null && now >= deadline;
}

/** 75 → "01:15": reads the same in English and Arabic. */
export function formatMinutesSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
