import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../../lib/amount-input';

export interface AmountMessages {
  empty: string;
  zero: string;
  /** An upper bound in minor units, and what is said of an amount above it. */
  max?: { minor: number; message: string };
}

/**
 * Checks a typed amount of `currency` (a ticket's price, a fixed discount). What an empty or zero
 * amount is told depends on the form; a malformed one is told the same everywhere.
 */
export function useAmountRule(currency: string) {
  const { t } = useTranslation('organizer');
  return (text: string, messages: AmountMessages): string | null => {
    const amount = parseAmount(text, currency);
    if (!amount.ok) {
      if (amount.reason === 'empty') return messages.empty;
      return amount.reason === 'too_precise'
        ? t('validation.priceTooPrecise')
        : t('validation.priceInvalid');
    }
    if (amount.minor === 0) return messages.zero;
    return messages.max && amount.minor > messages.max.minor ? messages.max.message : null;
  };
}
