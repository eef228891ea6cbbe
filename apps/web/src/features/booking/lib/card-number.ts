import { isLuhnValid, TEST_CARDS } from '@hafla/shared/bookings/cards';

/** The sandbox's test cards, as the payment step lists them. */
export const SANDBOX_CARDS = {
  success: TEST_CARDS.success,
  declined: TEST_CARDS.declined,
  insufficientFunds: TEST_CARDS.insufficient_funds,
} as const;

export const CARD_NUMBER_MAX_DIGITS = 19;

export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
}

/** "4242424242424242" → "4242 4242 4242 4242", as printed on the card. */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

export { isLuhnValid };
