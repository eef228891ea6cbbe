import { vi } from 'vitest';

/**
 * happy-dom has no 2D canvas: konva gets a context that takes every setting and call and draws
 * nothing, so the designer's pages and the seat step render in component tests (the drawing itself is checked in
 * the browser by the e2e journey).
 */
export function stubCanvasContext() {
  const context: Record<string | symbol, unknown> = {};
  const fake = new Proxy(context, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'measureText') return () => ({ width: 0 });
      if (key === 'getTransform') return () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
      if (key === 'getImageData' || key === 'createImageData')
        return () => ({ data: new Uint8ClampedArray(4) });
      return () => undefined;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => fake as unknown as CanvasRenderingContext2D,
  );
}
