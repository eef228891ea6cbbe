import { describe, expect, it, vi } from 'vitest';
import { LocateError, cityAt, locateReader, readSavedPlace, savePlace } from './places';

describe('places', () => {
  it('names the city a point lies in, and none for a point far from every listed city', () => {
    expect(cityAt(24.75, 46.7)?.id).toBe('riyadh');
    expect(cityAt(21.5433, 39.1728)?.id).toBe('jeddah');
    expect(cityAt(0, 0)).toBeUndefined();
  });

  it('keeps the last place for the tab only, and ignores anything else stored there', () => {
    savePlace({ lat: 31.954, lng: 35.911 });
    expect(readSavedPlace()).toEqual({ lat: 31.954, lng: 35.911 });
    window.sessionStorage.setItem('near-me', '{"lat":"x","lng":1}');
    expect(readSavedPlace()).toBeNull();
    savePlace(null);
    expect(readSavedPlace()).toBeNull();
  });

  it('rounds the browser’s position to about 100 m and names a refusal', async () => {
    const granted = {
      getCurrentPosition: vi.fn((success: PositionCallback) =>
        success({ coords: { latitude: 24.713_612, longitude: 46.675_29 } } as GeolocationPosition),
      ),
    } as unknown as Geolocation;
    await expect(locateReader(granted)).resolves.toEqual({ lat: 24.714, lng: 46.675 });

    const refused = {
      getCurrentPosition: vi.fn((_: PositionCallback, failure: PositionErrorCallback) =>
        failure({ code: 1, PERMISSION_DENIED: 1, TIMEOUT: 3 } as GeolocationPositionError),
      ),
    } as unknown as Geolocation;
    await expect(locateReader(refused)).rejects.toEqual(new LocateError('denied'));
  });
});
