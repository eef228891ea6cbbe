import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  eager: true,
  import: 'default',
});

function flattenKeys(value: unknown, prefix = ''): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [childKey, leaf] of flattenKeys(child, prefix ? `${prefix}.${key}` : key)) {
        keys.set(childKey, leaf);
      }
    }
  } else {
    keys.set(prefix, value);
  }
  return keys;
}

function namespaceFiles(language: string): string[] {
  return Object.keys(files)
    .filter((path) => path.startsWith(`./${language}/`))
    .map((path) => path.slice(`./${language}/`.length))
    .sort();
}

describe('translations', () => {
  it('have the same namespaces in English and Arabic', () => {
    expect(namespaceFiles('ar')).toEqual(namespaceFiles('en'));
  });

  it.each(namespaceFiles('en'))('%s has every key in both languages, none empty', (file) => {
    const en = flattenKeys(files[`./en/${file}`]);
    const ar = flattenKeys(files[`./ar/${file}`]);

    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of [...en, ...ar]) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });
});
