import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Whether the element has come within half a screen of the viewport; it stays true once it has.
 * `isAlready` skips the wait (content known to be on the first screen). Without
 * IntersectionObserver the answer is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, isAlready = false): boolean {
  const [isNear, setIsNear] = useState(
    () => isAlready || typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, ref]);
  return isNear;
}
