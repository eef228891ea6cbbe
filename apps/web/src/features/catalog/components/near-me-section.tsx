import { Button, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@hafla/shared/common/i18n';
import { PlacePicker } from '../../../components/place-picker';
import { QueryError } from '../../../components/query-error';
import { isolate } from '../../../lib/bidi';
import { cityAt, readSavedPlace, savePlace } from '../../../lib/places';
import type { Coordinates } from '../../../lib/places';
import { DEFAULT_RADIUS_KM, eventsPath } from '../../events/api/events-path';
import { useEvents } from '../../events/api/get-events';
import { EventRow, EventRowSkeleton } from './event-row';
import { HomeSection } from './home-section';
import classes from './catalog.module.css';

export interface NearMeSectionProps {
  title: string;
}

/** Events around the reader: asked for only when they choose to share a place. */
export function NearMeSection({ title }: NearMeSectionProps) {
  const { t, i18n } = useTranslation('catalog');
  const [place, setPlace] = useState<Coordinates | null>(readSavedPlace);
  // The control that was used disappears with the choice: focus follows to what replaced it.
  const [focusTarget, setFocusTarget] = useState<'summary' | 'picker' | null>(null);
  const summaryRef = useRef<HTMLSpanElement>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  const events = useEvents(
    place ? { lat: place.lat, lng: place.lng, radius_km: DEFAULT_RADIUS_KM, sort: 'distance' } : {},
    12,
    place !== null,
  );

  useEffect(() => {
    if (focusTarget === 'summary') summaryRef.current?.focus();
    if (focusTarget === 'picker') pickerRef.current?.querySelector('button')?.focus();
  }, [focusTarget, place]);

  function choose(next: Coordinates | null) {
    savePlace(next);
    setPlace(next);
    setFocusTarget(next ? 'summary' : 'picker');
  }

  if (!place) {
    return (
      <HomeSection title={title}>
        <div className={classes.nearPrompt} ref={pickerRef}>
          <Text>{t('home.near.prompt')}</Text>
          <PlacePicker onPick={choose} />
        </div>
      </HomeSection>
    );
  }

  const language: Language = i18n.language === 'ar' ? 'ar' : 'en';
  const city = cityAt(place.lat, place.lng);
  const placeName = city ? city.name[language] : isolate(`${place.lat}, ${place.lng}`);

  return (
    <HomeSection
      title={title}
      seeAllPath={eventsPath({ lat: place.lat, lng: place.lng, radiusKm: DEFAULT_RADIUS_KM })}
    >
      <Text size="sm" c="dimmed">
        <span ref={summaryRef} tabIndex={-1}>
          {t('home.near.around', { place: placeName, km: DEFAULT_RADIUS_KM })}
        </span>{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => choose(null)}>
          {t('home.near.change')}
        </Button>
      </Text>
      {events.isPending ? (
        <EventRowSkeleton />
      ) : events.isError ? (
        <QueryError error={events.error} onRetry={() => void events.refetch()} />
      ) : events.data.results.length === 0 ? (
        <Text className={classes.rowEmpty}>{t('home.near.empty', { place: placeName })}</Text>
      ) : (
        <EventRow events={events.data.results} />
      )}
    </HomeSection>
  );
}
