import { describe, expect, it } from 'vitest';
import {
  detailAt,
  fitView,
  intersects,
  panBy,
  pinch,
  toChart,
  toScreen,
  visibleBounds,
  zoomAt,
} from './view-transform';

const venue = { minX: 0, minY: 0, maxX: 1000, maxY: 800 };
const limits = { min: 0.1, max: 10 };

describe('view transform', () => {
  it('fits the venue in the canvas, centred', () => {
    const view = fitView(venue, { width: 420, height: 800 }, 10);
    expect(view.scale).toBeCloseTo(0.4);
    // Centred across the width, and vertically.
    expect(toScreen(view, { x: 0, y: 0 }).x).toBeCloseTo(10);
    expect(toScreen(view, { x: 1000, y: 800 }).x).toBeCloseTo(410);
    expect(toScreen(view, { x: 500, y: 400 }).y).toBeCloseTo(400);
  });

  it('keeps a fitted venue below what covers the top edge', () => {
    // A wide venue in a short box: the height binds once 60 px are kept free above.
    const view = fitView(venue, { width: 400, height: 300 }, 10, 60);
    expect(toScreen(view, { x: 0, y: 0 }).y).toBeCloseTo(60);
    expect(toScreen(view, { x: 1000, y: 800 }).y).toBeCloseTo(290);
    expect(toScreen(view, { x: 500, y: 0 }).x).toBeCloseTo(200);
    // A tall venue in a wide box: centred in what is left below the top.
    const tall = fitView(
      { minX: 0, minY: 0, maxX: 100, maxY: 100 },
      { width: 800, height: 300 },
      10,
      60,
    );
    expect(toScreen(tall, { x: 50, y: 50 }).y).toBeCloseTo(60 + (300 - 60 - 10) / 2);
  });

  it('maps screen and chart points both ways', () => {
    const view = { scale: 2, offsetX: 30, offsetY: -10 };
    const point = { x: 123, y: 45 };
    expect(toChart(view, toScreen(view, point))).toEqual(point);
  });

  it('zooms about the anchor, which stays put, within the limits', () => {
    const view = { scale: 1, offsetX: 0, offsetY: 0 };
    const anchor = { x: 200, y: 100 };
    const zoomed = zoomAt(view, 2, anchor, limits);
    expect(zoomed.scale).toBe(2);
    expect(toChart(zoomed, anchor)).toEqual(toChart(view, anchor));
    expect(zoomAt(view, 100, anchor, limits).scale).toBe(10);
    expect(zoomAt(view, 0.001, anchor, limits).scale).toBe(0.1);
  });

  it('pans by screen pixels', () => {
    expect(panBy({ scale: 3, offsetX: 1, offsetY: 2 }, 10, -5)).toEqual({
      scale: 3,
      offsetX: 11,
      offsetY: -3,
    });
  });

  it('pinches: the scale follows the fingers’ distance, the point under them follows them', () => {
    const view = { scale: 1, offsetX: 0, offsetY: 0 };
    const before = [
      { x: 100, y: 100 },
      { x: 200, y: 100 },
    ] as const;
    const after = [
      { x: 110, y: 120 },
      { x: 310, y: 120 },
    ] as const;
    const next = pinch(view, before, after, limits);
    expect(next.scale).toBeCloseTo(2);
    // The chart point that was under the first midpoint is under the second one.
    expect(toChart(next, { x: 210, y: 120 }).x).toBeCloseTo(150);
    expect(toChart(next, { x: 210, y: 120 }).y).toBeCloseTo(100);
  });

  it('knows what is on screen, for culling sections', () => {
    const view = { scale: 2, offsetX: -100, offsetY: 0 };
    const visible = visibleBounds(view, { width: 400, height: 300 });
    expect(visible).toEqual({ minX: 50, minY: 0, maxX: 250, maxY: 150 });
    expect(intersects(visible, { minX: 240, minY: 140, maxX: 300, maxY: 200 })).toBe(true);
    expect(intersects(visible, { minX: 260, minY: 0, maxX: 300, maxY: 10 })).toBe(false);
  });

  it('draws blocks when seats are tiny, labels when they are large', () => {
    expect(detailAt({ scale: 0.2, offsetX: 0, offsetY: 0 }, 20)).toBe('blocks');
    expect(detailAt({ scale: 0.5, offsetX: 0, offsetY: 0 }, 20)).toBe('seats');
    expect(detailAt({ scale: 1, offsetX: 0, offsetY: 0 }, 20)).toBe('labels');
  });
});
