/** Mean Earth radius (IUGG), the one every distance here uses. */
export const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** A longitude/latitude rectangle in degrees, as PostgreSQL's `box(point(x, y), point(x, y))`. */
export interface Box {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/**
 * Rectangles that together cover every point within `radiusKm` of a centre, for the GiST
 * prefilter; the exact distance check comes after, so they may be a little larger than needed.
 * Across the ±180° meridian the cover is two rectangles; with a pole inside the circle it spans
 * every longitude.
 */
export function boundingBoxes(lat: number, lng: number, radiusKm: number): Box[] {
  // A hair wider than the circle, so rounding never drops a point right on its edge.
  const angular = (radiusKm / EARTH_RADIUS_KM) * 1.000_001;
  const minLat = lat - toDegrees(angular);
  const maxLat = lat + toDegrees(angular);
  if (minLat <= -90 || maxLat >= 90) {
    return [
      { minLng: -180, minLat: Math.max(minLat, -90), maxLng: 180, maxLat: Math.min(maxLat, 90) },
    ];
  }
  // The widest longitude the circle reaches (not simply radius / cos(lat) at the centre).
  const deltaLng = toDegrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(toRadians(lat)))));
  const minLng = lng - deltaLng;
  const maxLng = lng + deltaLng;
  if (minLng < -180) {
    return [
      { minLng: minLng + 360, minLat, maxLng: 180, maxLat },
      { minLng: -180, minLat, maxLng, maxLat },
    ];
  }
  if (maxLng > 180) {
    return [
      { minLng, minLat, maxLng: 180, maxLat },
      { minLng: -180, minLat, maxLng: maxLng - 360, maxLat },
    ];
  }
  return [{ minLng, minLat, maxLng, maxLat }];
}

/** Great-circle distance in kilometres (haversine), the same formula the SQL filter uses. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
