import { describe, expect, it } from 'vitest';
import { ALL } from '../lib/read-cache';
import { tagsOfNotice } from './read-cache-sync';

describe('read cache notices', () => {
  it('reads the triggers’ payloads', () => {
    expect(tagsOfNotice('e:12')).toEqual(['event:12', 'lists']);
    expect(tagsOfNotice('o:abc')).toEqual(['organizer:abc', 'lists']);
    expect(tagsOfNotice('r:abc')).toEqual(['ratings:abc']);
    expect(tagsOfNotice('*')).toEqual([ALL]);
    expect(tagsOfNotice('garbage')).toEqual([ALL]);
  });
});
