import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS, cardDigits, formatCardNumber, isLuhnValid } from './card-number';

describe('card numbers', () => {
  it('groups digits by four as typed, dropping everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42 4')).toBe('4242 424');
    expect(cardDigits('4242 4242 4242 4242 9999 9')).toHaveLength(19);
  });

  it('passes the sandbox cards through the Luhn check and refuses a mistyped digit', () => {
    for (const card of Object.values(SANDBOX_CARDS)) expect(isLuhnValid(card)).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('42')).toBe(false);
  });
});
