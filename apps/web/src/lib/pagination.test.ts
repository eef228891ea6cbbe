import { describe, expect, it } from 'vitest';
import { nextPageOffset } from './pagination';

const page = (count: number, size: number) => ({
  count,
  results: Array.from({ length: size }, (_, index) => index),
});

describe('nextPageOffset', () => {
  it('asks for the items after those loaded while some are left', () => {
    const pages = [page(25, 10), page(25, 10)];
    expect(nextPageOffset(pages[1]!, pages)).toBe(20);
  });

  it('stops once every item is loaded', () => {
    const pages = [page(20, 10), page(20, 10)];
    expect(nextPageOffset(pages[1]!, pages)).toBeUndefined();
  });

  it('stops at an empty page even if the count says more (the list shrank meanwhile)', () => {
    const pages = [page(30, 10), page(30, 0)];
    expect(nextPageOffset(pages[1]!, pages)).toBeUndefined();
  });
});
