import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/**
 * happy-dom lays nothing out, so its IntersectionObserver never reports. This one (unstubbed
 * after each test by the config's `unstubGlobals`) lets a test say when the observed elements
 * come near the viewport.
 */
export function stubIntersectionObserver() {
  const observers = new Set<FakeIntersectionObserver>();

  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds = [0];
    readonly targets = new Set<Element>();

    constructor(
      readonly callback: IntersectionObserverCallback,
      options: IntersectionObserverInit = {},
    ) {
      this.rootMargin = options.rootMargin ?? '0px';
      observers.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  /** The elements being watched right now. */
  const observed = () => [...observers].flatMap((observer) => [...observer.targets]);
  return {
    observed,
    /**
     * Reports the observed elements that `matches` accepts (all by default) as near, once one is
     * watched: components start watching in an effect, which may run a moment after the render.
     */
    async scrollNear(matches: (target: Element) => boolean = () => true) {
      await waitFor(() => expect(observed().some(matches)).toBe(true));
      for (const observer of [...observers]) {
        const entries = [...observer.targets]
          .filter(matches)
          .map(
            (target) =>
              ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
          );
        if (entries.length > 0) {
          act(() => observer.callback(entries, observer as unknown as IntersectionObserver));
        }
      }
    },
  };
}
