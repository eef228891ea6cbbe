import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links';

const entry = {
  title: 'ليلة الجاز & friends',
  start: '2026-12-05T19:00:00+03:00',
  end: '2026-12-05T22:30:00+03:00',
  location: 'Hayy Jameel, Jeddah',
  description: 'Booking 42 on Hafla',
};

describe('calendar links', () => {
  it('Google gets the slot in UTC basic form and the texts encoded', () => {
    const url = new URL(googleCalendarUrl(entry));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261205T160000Z/20261205T193000Z');
    expect(url.searchParams.get('text')).toBe(entry.title);
    expect(url.searchParams.get('location')).toBe(entry.location);
    expect(url.searchParams.get('details')).toBe(entry.description);
    expect(googleCalendarUrl(entry)).not.toContain('&friends');
  });

  it('Outlook gets the slot in UTC extended form', () => {
    const url = new URL(outlookCalendarUrl(entry));
    expect(url.hostname).toBe('outlook.live.com');
    expect(url.searchParams.get('startdt')).toBe('2026-12-05T16:00:00Z');
    expect(url.searchParams.get('enddt')).toBe('2026-12-05T19:30:00Z');
    expect(url.searchParams.get('subject')).toBe(entry.title);
    expect(url.searchParams.get('rru')).toBe('addevent');
  });

  it('leaves out an empty location', () => {
    const url = new URL(googleCalendarUrl({ ...entry, location: '' }));
    expect(url.searchParams.has('location')).toBe(false);
    expect(
      new URL(outlookCalendarUrl({ ...entry, location: '' })).searchParams.has('location'),
    ).toBe(false);
  });
});
