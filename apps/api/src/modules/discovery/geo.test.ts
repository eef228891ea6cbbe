import { describe, expect, it } from 'vitest';
import { boundingBoxes, haversineKm, type Box } from './geo';

const inside = (boxes: Box[], lat: number, lng: number) =>
  boxes.some((b) => lng >= b.minLng && lng <= b.maxLng && lat >= b.minLat && lat <= b.maxLat);

/** Points on the circle's edge, every 5 degrees of bearing. */
function circle(lat: number, lng: number, radiusKm: number): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  const angular = radiusKm / 6371.0088;
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lng * Math.PI) / 180;
  for (let bearing = 0; bearing < 360; bearing += 5) {
    const θ = (bearing * Math.PI) / 180;
    const φ2 = Math.asin(
      Math.sin(φ1) * Math.cos(angular) + Math.cos(φ1) * Math.sin(angular) * Math.cos(θ),
    );
    const λ2 =
      λ1 +
      Math.atan2(
        Math.sin(θ) * Math.sin(angular) * Math.cos(φ1),
        Math.cos(angular) - Math.sin(φ1) * Math.sin(φ2),
      );
    const lngDeg = (((((λ2 * 180) / Math.PI + 540) % 360) + 360) % 360) - 180;
    points.push([(φ2 * 180) / Math.PI, lngDeg]);
  }
  return points;
}

describe('haversineKm', () => {
  it('measures known distances', () => {
    // Riyadh to Jeddah is about 850 km as the crow flies.
    expect(haversineKm(24.7136, 46.6753, 21.4858, 39.1925)).toBeGreaterThan(840);
    expect(haversineKm(24.7136, 46.6753, 21.4858, 39.1925)).toBeLessThan(860);
    expect(haversineKm(10, 179.9, 10, -179.9)).toBeLessThan(25);
    expect(haversineKm(0, 0, 0, 0)).toBe(0);
  });
});

describe('boundingBoxes', () => {
  it.each([
    ['Riyadh', 24.7136, 46.6753, 25],
    ['high north', 70, 20, 500],
    ['east of the antimeridian', -17.7, 179.9, 100],
    ['west of the antimeridian', 51.9, -179.95, 300],
    ['beside the north pole', 89.5, 10, 100],
    ['beside the south pole', -88, -60, 400],
  ])('covers the whole circle around %s', (_name, lat, lng, radius) => {
    const boxes = boundingBoxes(lat, lng, radius);
    expect(inside(boxes, lat, lng)).toBe(true);
    for (const [pLat, pLng] of circle(lat, lng, radius * 0.999999))
      expect(inside(boxes, pLat, pLng), `${pLat},${pLng}`).toBe(true);
    for (const box of boxes) {
      expect(box.minLng).toBeGreaterThanOrEqual(-180);
      expect(box.maxLng).toBeLessThanOrEqual(180);
      expect(box.minLat).toBeGreaterThanOrEqual(-90);
      expect(box.maxLat).toBeLessThanOrEqual(90);
    }
  });

  it('splits at the antimeridian and spans every longitude around a pole', () => {
    expect(boundingBoxes(-17.7, 179.9, 100)).toHaveLength(2);
    expect(boundingBoxes(89.5, 10, 100)).toEqual([
      expect.objectContaining({ minLng: -180, maxLng: 180, maxLat: 90 }),
    ]);
  });

  it('stays small far from the poles', () => {
    const [box] = boundingBoxes(24.7136, 46.6753, 25);
    expect(box!.maxLat - box!.minLat).toBeCloseTo(0.45, 2);
    expect(box!.maxLng - box!.minLng).toBeLessThan(0.5);
  });
});
