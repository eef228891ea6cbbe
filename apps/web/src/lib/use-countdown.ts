import { useEffect, useState } from 'react';

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/**
 * Whole seconds left until `deadline` (epoch ms), ticking once a second down to zero.
 * The deadline is read once: give the component a `key` derived from it to start over.
 */
export function useCountdown(deadline: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    if (secondsUntil(deadline) === 0) return;
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}

/** 75 → "1:15": reads the same in English and Arabic. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
