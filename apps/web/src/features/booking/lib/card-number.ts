/** Sandbox test cards (mirrors TEST_CARDS in @hafla/shared/bookings/payments without zod). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const CARD_NUMBER_MAX_DIGITS = 19;

export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
}

/** "4242424242424242" → "4242 4242 4242 4242", as printed on the card. */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn check every card number passes; catches a mistyped digit before asking the bank. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
