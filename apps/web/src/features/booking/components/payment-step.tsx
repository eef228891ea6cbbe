import { Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@hafla/shared/bookings/bookings';
import { FormAlert } from '../../../components/form-alert';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { usePayBooking } from '../api/pay-booking';
import { SANDBOX_CARDS, cardDigits, formatCardNumber, isLuhnValid } from '../lib/card-number';
import { CardIcon } from './icons';
import { OrderSummary } from './order-summary';
import classes from './booking.module.css';

/** Refusals after which the hold still stands and another card may be tried. */
const CARD_REFUSALS = ['payment_declined', 'insufficient_funds', 'payment_method_invalid'];

export interface PaymentStepProps {
  booking: Booking;
  onBack: () => void;
  onPaid: (booking: Booking) => void;
  onBookingError: (error: unknown) => void;
}

/** Step 5: a card (the sandbox's test numbers are listed), or a plain confirmation at 0. */
export function PaymentStep({ booking, onBack, onPaid, onBookingError }: PaymentStepProps) {
  const { t, i18n } = useTranslation('booking');
  const pay = usePayBooking();
  const [cardNumber, setCardNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; isCardRefusal: boolean } | null>(null);
  const isFree = booking.total === 0;
  const amount = formatMoney(booking.total, booking.currency, i18n.language);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const digits = cardDigits(cardNumber);
    if (!isFree && !isLuhnValid(digits)) {
      setFieldError(digits ? t('payment.cardInvalid') : t('payment.cardRequired'));
      return;
    }
    setFieldError(null);
    pay.mutate(isFree ? { booking: booking.id } : { booking: booking.id, payment_method: digits }, {
      onSuccess: (result) => onPaid(result.booking),
      onError: (error) => {
        const isCardRefusal = isApiError(error) && CARD_REFUSALS.includes(error.code ?? '');
        setRefusal({
          message: isApiError(error) ? error.message : t('payment.failed'),
          isCardRefusal,
        });
        if (!isCardRefusal) onBookingError(error);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className={classes.main}>
      <OrderSummary booking={booking} headingLevel={3} />
      {refusal && (
        <FormAlert
          title={refusal.isCardRefusal ? t('payment.refusedTitle') : undefined}
          message={refusal.message}
        >
          {refusal.isCardRefusal && <Text mt="xs">{t('payment.stillHeld')}</Text>}
        </FormAlert>
      )}
      {isFree ? (
        <Text>{t('payment.free')}</Text>
      ) : (
        <section className={classes.card} aria-labelledby="booking-card">
          <h3 id="booking-card" className={classes.categoryName}>
            {t('payment.cardHeading')}
          </h3>
          <TextInput
            label={t('payment.cardNumber')}
            value={cardNumber}
            onChange={(event) => {
              setCardNumber(formatCardNumber(event.currentTarget.value));
              setFieldError(null);
            }}
            error={fieldError}
            required
            inputMode="numeric"
            autoComplete="cc-number"
            // 19 digits and their spaces.
            maxLength={23}
            placeholder={t('payment.cardPlaceholder')}
            dir="ltr"
            leftSection={<CardIcon />}
          />
          <div>
            <Text size="sm" fw={600}>
              {t('payment.testCards')}
            </Text>
            <ul className={classes.testCards}>
              <li>
                <Text size="sm">
                  <code dir="ltr">{formatCardNumber(SANDBOX_CARDS.success)}</code>{' '}
                  {t('payment.cards.success')}
                </Text>
              </li>
              <li>
                <Text size="sm">
                  <code dir="ltr">{formatCardNumber(SANDBOX_CARDS.declined)}</code>{' '}
                  {t('payment.cards.declined')}
                </Text>
              </li>
              <li>
                <Text size="sm">
                  <code dir="ltr">{formatCardNumber(SANDBOX_CARDS.insufficientFunds)}</code>{' '}
                  {t('payment.cards.insufficientFunds')}
                </Text>
              </li>
            </ul>
          </div>
        </section>
      )}
      <div className={classes.actions}>
        <div className={classes.actionButtons}>
          <Button variant="default" onClick={onBack} disabled={pay.isPending}>
            {t('actions.back')}
          </Button>
          <Button type="submit" loading={pay.isPending}>
            {isFree ? t('payment.confirm') : t('payment.pay', { amount })}
          </Button>
        </div>
      </div>
    </form>
  );
}
