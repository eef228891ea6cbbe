import { describe, expect, it } from 'vitest';
import { formatShortCode, normalizeShortCode, splitShortCode } from './short-code';

describe('short codes as typed at the door', () => {
  it('ignores case, spaces and dashes and reads O, I and L as digits', () => {
    expect(normalizeShortCode('1234-abcd-efgh')).toBe('1234ABCDEFGH');
    expect(normalizeShortCode(' 1234 ABCD EFGH ')).toBe('1234ABCDEFGH');
    expect(normalizeShortCode('I234-ABCD-EFGO')).toBe('1234ABCDEFG0');
    expect(normalizeShortCode('1234-ABCD-EFGU')).toBeNull();
    expect(normalizeShortCode('H1.12.abc.def')).toBeNull();
  });

  it('splits the ticket id from the MAC and prints it back grouped', () => {
    expect(splitShortCode('1234ABCDEFGH')).toEqual({ id: 1234, mac: 'ABCDEFGH' });
    expect(splitShortCode('9999999999ABCDEFGH')).toBeNull();
    expect(formatShortCode('1234ABCDEFGH')).toBe('1234-ABCD-EFGH');
  });
});
