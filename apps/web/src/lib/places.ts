import type { Language } from '@hafla/shared/common/i18n';

/**
 * Cities offered when the browser cannot tell where the reader is (permission refused, no
 * GPS, a desktop without location services). Names are data in both languages, like the
 * API's content, rather than interface copy.
 */
export interface City {
  id: string;
  name: Record<Language, string>;
  lat: number;
  lng: number;
}

export const CITIES: readonly City[] = [
  { id: 'riyadh', name: { en: 'Riyadh', ar: 'الرياض' }, lat: 24.7136, lng: 46.6753 },
  { id: 'jeddah', name: { en: 'Jeddah', ar: 'جدة' }, lat: 21.5433, lng: 39.1728 },
  { id: 'dammam', name: { en: 'Dammam', ar: 'الدمام' }, lat: 26.4207, lng: 50.0888 },
  { id: 'dubai', name: { en: 'Dubai', ar: 'دبي' }, lat: 25.2048, lng: 55.2708 },
  { id: 'abu-dhabi', name: { en: 'Abu Dhabi', ar: 'أبوظبي' }, lat: 24.4539, lng: 54.3773 },
  { id: 'doha', name: { en: 'Doha', ar: 'الدوحة' }, lat: 25.2854, lng: 51.531 },
  { id: 'kuwait', name: { en: 'Kuwait City', ar: 'مدينة الكويت' }, lat: 29.3759, lng: 47.9774 },
  { id: 'manama', name: { en: 'Manama', ar: 'المنامة' }, lat: 26.2285, lng: 50.586 },
  { id: 'muscat', name: { en: 'Muscat', ar: 'مسقط' }, lat: 23.588, lng: 58.3829 },
  { id: 'amman', name: { en: 'Amman', ar: 'عمّان' }, lat: 31.9539, lng: 35.9106 },
  { id: 'beirut', name: { en: 'Beirut', ar: 'بيروت' }, lat: 33.8938, lng: 35.5018 },
  { id: 'cairo', name: { en: 'Cairo', ar: 'القاهرة' }, lat: 30.0444, lng: 31.2357 },
  { id: 'alexandria', name: { en: 'Alexandria', ar: 'الإسكندرية' }, lat: 31.2001, lng: 29.9187 },
  { id: 'casablanca', name: { en: 'Casablanca', ar: 'الدار البيضاء' }, lat: 33.5731, lng: -7.5898 },
  { id: 'tunis', name: { en: 'Tunis', ar: 'تونس' }, lat: 36.8065, lng: 10.1815 },
];

function distanceKm(a: Coordinates, b: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Within this distance a point reads as "near <city>" rather than as its coordinates. */
const CITY_RADIUS_KM = 40;

/**
 * The listed city a point lies in or next to, so a place found by the browser reads as
 * "near Riyadh" instead of a pair of numbers.
 */
export function cityAt(lat: number, lng: number): City | undefined {
  let nearest: City | undefined;
  let nearestKm = CITY_RADIUS_KM;
  for (const city of CITIES) {
    const km = distanceKm(city, { lat, lng });
    if (km <= nearestKm) {
      nearest = city;
      nearestKm = km;
    }
  }
  return nearest;
}

export interface Coordinates {
  lat: number;
  lng: number;
}

export type LocateFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class LocateError extends Error {
  readonly reason: LocateFailure;
  constructor(reason: LocateFailure) {
    super(reason);
    this.name = 'LocateError';
    this.reason = reason;
  }
}

/**
 * Three decimals (about 100 m) are plenty to find events within kilometres, and keep a
 * shared link from pinpointing someone's home.
 */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The browser's position, asked for only when the reader presses a button. */
export function locateReader(
  geolocation = globalThis.navigator?.geolocation,
): Promise<Coordinates> {
  if (!geolocation) return Promise.reject(new LocateError('unsupported'));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          lat: roundCoordinate(position.coords.latitude),
          lng: roundCoordinate(position.coords.longitude),
        }),
      (error) =>
        reject(
          new LocateError(
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
          ),
        ),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  });
}

const PLACE_STORAGE_KEY = 'near-me';

/**
 * The last place the reader asked about, for this tab only: the home page's "near you" row
 * comes back filled without asking the browser again, yet no location outlives the session.
 */
export function readSavedPlace(
  storage: Pick<Storage, 'getItem'> | null = sessionStore(),
): Coordinates | null {
  try {
    const raw = storage?.getItem(PLACE_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { lat, lng } = parsed as Record<string, unknown>;
    if (typeof lat !== 'number' || typeof lng !== 'number') return null;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    return { lat, lng };
  } catch {
    return null;
  }
}

export function savePlace(
  place: Coordinates | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null = sessionStore(),
): void {
  try {
    if (place) storage?.setItem(PLACE_STORAGE_KEY, JSON.stringify(place));
    else storage?.removeItem(PLACE_STORAGE_KEY);
  } catch {
    // Without storage the place is simply asked for again next time.
  }
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
