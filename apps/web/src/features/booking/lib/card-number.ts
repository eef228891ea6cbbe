import { isLuhnValid, TEST_CARDS } from '@hafla/shared/bookings/cards';
import { toAsciiDigits } from '../../../lib/password-rules';

/** The sandbox's test cards, as the payment step lists them. */
export const SANDBOX_CARDS = {
  success: TEST_CARDS.success,
  declined: TEST_CARDS.declined,
  insufficientFunds: TEST_CARDS.insufficient_funds,
} as const;

export const CARD_NUMBER_MAX_DIGITS = 19;

export function cardDigits(value: string): string {
  return toAsciiDigits(value).replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
}

/** "4242424242424242" → "4242 4242 4242 4242", as printed on the card. */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

export { isLuhnValid };

/** Digits as typed on any keyboard (Arabic-Indic ones too), as ASCII. */
function asciiDigits(value: string): string {
  return toAsciiDigits(value).replace(/\D/g, '');
}

/**
 * "1230" → "12 / 30", as printed on the card; a first digit above 1 is a month of its own
 * ("4" → "04 / "). Always left to right, whatever the page's direction.
 */
export function formatExpiry(value: string): string {
  let digits = asciiDigits(value);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export type ExpiryProblem = 'required' | 'invalid' | 'past';

/** A card is good through the last day of its expiry month; more than 20 years ahead is a typo. */
export function checkExpiry(value: string, now = new Date()): ExpiryProblem | null {
  const digits = asciiDigits(value);
  if (!digits) return 'required';
  if (digits.length !== 4) return 'invalid';
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return 'invalid';
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  const cardMonth = year * 12 + (month - 1);
  if (cardMonth < thisMonth) return 'past';
  if (cardMonth > thisMonth + 20 * 12) return 'invalid';
  return null;
}

/** American Express (34, 37) has a 4-digit code on its front; other cards 3 on the back. */
export function cvcLength(cardNumber: string): 3 | 4 {
  return /^3[47]/.test(cardDigits(cardNumber)) ? 4 : 3;
}

export function formatCvc(value: string): string {
  return asciiDigits(value).slice(0, 4);
}

export function checkCvc(value: string, cardNumber: string): 'required' | 'invalid' | null {
  const digits = asciiDigits(value);
  if (!digits) return 'required';
  return digits.length === cvcLength(cardNumber) ? null : 'invalid';
}

/** The fewest characters a name on a card has. */
export const CARDHOLDER_NAME_MIN = 2;

/**
 * The name as on the card: letters of any script, spaces, dots, hyphens and apostrophes, from a
 * letter on; each rule that fails has its own answer.
 */
export function checkCardholderName(value: string): 'required' | 'notLetters' | 'tooShort' | null {
  const name = value.trim();
  if (!name) return 'required';
  if (!/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u.test(name)) return 'notLetters';
  return name.length >= CARDHOLDER_NAME_MIN ? null : 'tooShort';
}
