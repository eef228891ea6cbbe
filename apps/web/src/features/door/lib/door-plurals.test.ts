import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import arDoor from '../../../locales/ar/door.json';
import enDoor from '../../../locales/en/door.json';

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** Every string of the namespace by its dotted key. */
function strings(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    strings(child, prefix ? `${prefix}.${key}` : key),
  );
}

async function doorT(language: 'en' | 'ar') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { en: { door: enDoor }, ar: { door: arDoor } },
    ns: ['door'],
    defaultNS: 'door',
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT(language, 'door');
}

describe('counts in the door namespace', () => {
  it.each([
    ['en', enDoor],
    ['ar', arDoor],
  ] as const)('%s: every string with a count has all six plural forms', (_, catalog) => {
    const keys = new Set(strings(catalog).map(([key]) => key));
    for (const [key, text] of strings(catalog)) {
      if (!text.includes('{{count}}')) continue;
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      expect(base, `${key} is not plural`).not.toBe(key);
      for (const form of PLURAL_FORMS)
        expect(keys.has(`${base}_${form}`), `${base}_${form}`).toBe(true);
    }
  });

  it('says the list on the device in Arabic with the right plural', async () => {
    const t = await doorT('ar');
    const synced = (count: number) => t('door.syncedAt', { count, time: '9:00' });
    expect(synced(0)).toBe('القائمة على هذا الجهاز: لا تذاكر، حُدّثت 9:00');
    expect(synced(1)).toBe('القائمة على هذا الجهاز: تذكرة واحدة، حُدّثت 9:00');
    expect(synced(2)).toBe('القائمة على هذا الجهاز: تذكرتان، حُدّثت 9:00');
    expect(synced(5)).toBe('القائمة على هذا الجهاز: 5 تذاكر، حُدّثت 9:00');
    expect(synced(10)).toBe('القائمة على هذا الجهاز: 10 تذاكر، حُدّثت 9:00');
    expect(synced(11)).toBe('القائمة على هذا الجهاز: 11 تذكرة، حُدّثت 9:00');
    expect(synced(100)).toBe('القائمة على هذا الجهاز: 100 تذكرة، حُدّثت 9:00');
    expect(t('door.queue', { count: 3 })).toBe('3 عمليات مسح بانتظار الإرسال');
  });

  it('says it in English too', async () => {
    const t = await doorT('en');
    expect(t('door.syncedAt', { count: 1, time: '9:00' })).toBe(
      'List on this device: 1 ticket, updated 9:00',
    );
    expect(t('door.syncedAt', { count: 5, time: '9:00' })).toBe(
      'List on this device: 5 tickets, updated 9:00',
    );
  });
});
