import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Whether the element has come within half a screen of the viewport; it stays true once it has.
 * `isAlready` skips the wait (content known to be on the first screen). Without
 * IntersectionObserver the answer turns true once mounted.
 */
export function useNearViewport(ref: RefObject<Element | null>, isAlready = false): boolean {
  // The first answer is the same on the server and in the browser (a first screen rendered on
  // the server is hydrated, decision 0026); a browser without IntersectionObserver says so after.
  const [isNear, setIsNear] = useState(isAlready);
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Nothing can tell where the element is: it counts as near, once mounted.
      let isMounted = true;
      void Promise.resolve().then(() => {
        if (isMounted) setIsNear(true);
      });
      return () => {
        isMounted = false;
      };
    }
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
