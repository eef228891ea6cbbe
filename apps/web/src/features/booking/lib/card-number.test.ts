import { describe, expect, it } from 'vitest';
import {
  SANDBOX_CARDS,
  cardDigits,
  checkCardholderName,
  checkCvc,
  checkExpiry,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isLuhnValid,
} from './card-number';

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

  it('reads Arabic-Indic digits as the card number', () => {
    expect(formatCardNumber('٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢')).toBe('4242 4242 4242 4242');
  });

  it('formats the expiry as MM / YY from any digits typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
    expect(formatExpiry('١٢٣٠')).toBe('12 / 30');
    expect(formatExpiry('12/309')).toBe('12 / 30');
  });

  it('accepts an expiry through the end of its month, and refuses a past or impossible one', () => {
    const now = new Date(2030, 4, 31); // 31 May 2030
    expect(checkExpiry('05 / 30', now)).toBeNull();
    expect(checkExpiry('04 / 30', now)).toBe('past');
    expect(checkExpiry('13 / 30', now)).toBe('invalid');
    expect(checkExpiry('00 / 31', now)).toBe('invalid');
    expect(checkExpiry('1', now)).toBe('invalid');
    expect(checkExpiry('', now)).toBe('required');
    expect(checkExpiry('05 / 99', now)).toBe('invalid');
  });

  it('wants 3 security digits, or 4 for American Express', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
    expect(checkCvc('123', SANDBOX_CARDS.success)).toBeNull();
    expect(checkCvc('1234', SANDBOX_CARDS.success)).toBe('invalid');
    expect(checkCvc('1234', '378282246310005')).toBeNull();
    expect(checkCvc('', SANDBOX_CARDS.success)).toBe('required');
  });

  it('takes a cardholder name in any script', () => {
    expect(checkCardholderName('Sara Ahmed')).toBeNull();
    expect(checkCardholderName('سارة أحمد')).toBeNull();
    expect(checkCardholderName("O'Neil-Smith Jr.")).toBeNull();
    expect(checkCardholderName('  ')).toBe('required');
    expect(checkCardholderName('4242')).toBe('notLetters');
    expect(checkCardholderName('-Sara')).toBe('notLetters');
    expect(checkCardholderName(' x ')).toBe('tooShort');
    expect(checkCardholderName('4')).toBe('notLetters');
  });
});
