import { Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@hafla/shared/common/i18n';
import { CITIES, LocateError, locateReader, roundCoordinate } from '../lib/places';
import type { Coordinates, LocateFailure } from '../lib/places';
import { LocateIcon } from './page-icons';
import classes from './place-picker.module.css';

export interface PlacePickerProps {
  onPick: (place: Coordinates) => void;
  /** Also offers typing a latitude and longitude (the events filters do; the home page not). */
  withCoordinates?: boolean;
  /** Injected by tests; the browser's geolocation otherwise. */
  locate?: () => Promise<Coordinates>;
}

function readCoordinate(text: string, limit: number): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

interface CoordinateInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The shared message's id while the pair is refused. */
  errorId: string | undefined;
}

function CoordinateInput({ label, value, onChange, errorId }: CoordinateInputProps) {
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      dir="ltr"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={errorId ? true : undefined}
      aria-describedby={errorId}
    />
  );
}

/**
 * "Near me": the browser's location when the reader allows it, and always a way around it —
 * a city list, or coordinates typed in — since many refuse or have no location services.
 */
export function PlacePicker({
  onPick,
  withCoordinates = false,
  locate = locateReader,
}: PlacePickerProps) {
  // The events namespace: the events list and the home page's "near you" both load it first.
  const { t, i18n } = useTranslation('events');
  const language: Language = i18n.language === 'ar' ? 'ar' : 'en';
  const [isLocating, setIsLocating] = useState(false);
  const [failure, setFailure] = useState<LocateFailure | null>(null);
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [coordinateError, setCoordinateError] = useState<string | null>(null);
  const errorId = useId();
  const coordinatesErrorId = `${errorId}-coordinates`;

  async function locateMe() {
    setIsLocating(true);
    setFailure(null);
    try {
      onPick(await locate());
    } catch (error) {
      setFailure(error instanceof LocateError ? error.reason : 'unavailable');
    } finally {
      setIsLocating(false);
    }
  }

  function pickCity(cityId: string) {
    const city = CITIES.find((candidate) => candidate.id === cityId);
    if (city) onPick({ lat: city.lat, lng: city.lng });
  }

  function submitCoordinates(event: FormEvent) {
    event.preventDefault();
    const lat = readCoordinate(latitude, 90);
    const lng = readCoordinate(longitude, 180);
    if (lat === null || lng === null) {
      setCoordinateError(t('place.coordinatesInvalid'));
      return;
    }
    setCoordinateError(null);
    onPick({ lat: roundCoordinate(lat), lng: roundCoordinate(lng) });
  }

  const cities = [...CITIES].sort((a, b) =>
    a.name[language].localeCompare(b.name[language], language),
  );

  return (
    <div className={classes.picker}>
      <Button
        variant="light"
        leftSection={<LocateIcon size={20} />}
        loading={isLocating}
        onClick={() => void locateMe()}
        aria-describedby={failure ? errorId : undefined}
      >
        {t('place.useMyLocation')}
      </Button>
      {failure && (
        <Text id={errorId} size="sm" role="alert" c="var(--mantine-color-error)">
          {t(`place.failure.${failure}`)}
        </Text>
      )}
      <div className={classes.or}>{t('place.or')}</div>
      <NativeSelect
        label={t('place.city')}
        value=""
        onChange={(event) => pickCity(event.currentTarget.value)}
        data={[
          { value: '', label: t('place.chooseCity'), disabled: true },
          ...cities.map((city) => ({ value: city.id, label: city.name[language] })),
        ]}
      />
      {withCoordinates && (
        <details className={classes.coordinates}>
          <summary>{t('place.enterCoordinates')}</summary>
          <form className={classes.coordinateFields} onSubmit={submitCoordinates} noValidate>
            <CoordinateInput
              label={t('place.latitude')}
              value={latitude}
              onChange={setLatitude}
              errorId={coordinateError ? coordinatesErrorId : undefined}
            />
            <CoordinateInput
              label={t('place.longitude')}
              value={longitude}
              onChange={setLongitude}
              errorId={coordinateError ? coordinatesErrorId : undefined}
            />
            {coordinateError && (
              <Text
                id={coordinatesErrorId}
                size="sm"
                role="alert"
                c="var(--mantine-color-error)"
                style={{ gridColumn: '1 / -1' }}
              >
                {coordinateError}
              </Text>
            )}
            <Button type="submit" variant="default">
              {t('place.applyCoordinates')}
            </Button>
          </form>
        </details>
      )}
    </div>
  );
}
