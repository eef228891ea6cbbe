import { Button, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@hafla/shared/bookings/bookings';
import { isIn, PAID_BOOKING_STATES } from '@hafla/shared/bookings/states';
import { FormAlert } from '../../../components/form-alert';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { bookingQueryOptions } from '../api/get-booking';
import { usePayBooking } from '../api/pay-booking';
import {
  CARDHOLDER_NAME_MIN,
  SANDBOX_CARDS,
  cardDigits,
  checkCardholderName,
  checkCvc,
  checkExpiry,
  cvcLength,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isLuhnValid,
} from '../lib/card-number';
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
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [holder, setHolder] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const [cvcError, setCvcError] = useState<string | null>(null);
  const [holderError, setHolderError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{
    message: string;
    isCardRefusal: boolean;
    isLostAnswer?: boolean;
  } | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const queryClient = useQueryClient();
  const isFree = booking.total === 0;
  const amount = formatMoney(booking.total, booking.currency, i18n.language);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const digits = cardDigits(cardNumber);
    if (!isFree) {
      // The sandbox checks only the number; expiry, code and name are checked here, as a
      // processor's card form does before it sends anything.
      const numberError = isLuhnValid(digits)
        ? null
        : digits
          ? t('payment.cardInvalid')
          : t('payment.cardRequired');
      const expiryProblem = checkExpiry(expiry);
      const cvcProblem = checkCvc(cvc, cardNumber);
      const holderProblem = checkCardholderName(holder);
      const errors = {
        number: numberError,
        expiry: expiryProblem && t(`payment.expiryErrors.${expiryProblem}`),
        cvc: cvcProblem && t(`payment.cvcErrors.${cvcProblem}`, { count: cvcLength(cardNumber) }),
        holder:
          holderProblem &&
          t(`payment.holderErrors.${holderProblem}`, { count: CARDHOLDER_NAME_MIN }),
      };
      setFieldError(errors.number);
      setExpiryError(errors.expiry);
      setCvcError(errors.cvc);
      setHolderError(errors.holder);
      const firstInvalid = (['number', 'expiry', 'cvc', 'holder'] as const).find(
        (field) => errors[field],
      );
      if (firstInvalid) {
        event.currentTarget
          .querySelector<HTMLInputElement>(`[name="card-${firstInvalid}"]`)
          ?.focus();
        return;
      }
    }
    setFieldError(null);
    void payOrShowConfirmation(digits);
  }

  /**
   * After an answer that was lost (no answer, or the server's own failure) the payment may have
   * gone through: the booking's real state decides, before anything is paid again.
   */
  async function payOrShowConfirmation(digits: string) {
    if (refusal?.isLostAnswer) {
      setIsChecking(true);
      try {
        const current = await queryClient.fetchQuery({
          ...bookingQueryOptions(booking.id),
          staleTime: 0,
        });
        if (isIn(PAID_BOOKING_STATES, current.status)) {
          onPaid(current);
          return;
        }
      } catch {
        // Still no answer: paying again reuses the attempt's key, so nothing is charged twice.
      } finally {
        setIsChecking(false);
      }
    }
    pay.mutate(isFree ? { booking: booking.id } : { booking: booking.id, payment_method: digits }, {
      onSuccess: (result) => onPaid(result.booking),
      onError: (error) => {
        const isCardRefusal = isApiError(error) && CARD_REFUSALS.includes(error.code ?? '');
        // No answer (status 0), or the server's own failure: the charge may have been applied.
        const isLostAnswer = !isApiError(error) || error.status === 0 || error.status >= 500;
        setRefusal({
          message: isLostAnswer
            ? t('payment.lostAnswer')
            : isApiError(error)
              ? error.message
              : t('payment.failed'),
          isCardRefusal,
          isLostAnswer,
        });
        // The payment may have been applied all the same: the booking is read again, and the
        // page shows the confirmation if it was.
        if (isLostAnswer) {
          void queryClient.invalidateQueries({
            queryKey: bookingQueryOptions(booking.id).queryKey,
          });
        }
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
            name="card-number"
          />
          <div className={classes.cardRow}>
            <TextInput
              label={t('payment.expiry')}
              description={t('payment.expiryHint')}
              value={expiry}
              onChange={(event) => {
                setExpiry(formatExpiry(event.currentTarget.value));
                setExpiryError(null);
              }}
              error={expiryError}
              required
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={7}
              placeholder={t('payment.expiryPlaceholder')}
              dir="ltr"
              name="card-expiry"
            />
            <TextInput
              label={t('payment.cvc')}
              description={t('payment.cvcHint', { count: cvcLength(cardNumber) })}
              value={cvc}
              onChange={(event) => {
                setCvc(formatCvc(event.currentTarget.value));
                setCvcError(null);
              }}
              error={cvcError}
              required
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              dir="ltr"
              name="card-cvc"
            />
          </div>
          <TextInput
            label={t('payment.holder')}
            value={holder}
            onChange={(event) => {
              setHolder(event.currentTarget.value);
              setHolderError(null);
            }}
            error={holderError}
            required
            autoComplete="cc-name"
            maxLength={100}
            dir="auto"
            name="card-holder"
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
          <Button variant="default" onClick={onBack} disabled={pay.isPending || isChecking}>
            {t('actions.back')}
          </Button>
          <Button type="submit" loading={pay.isPending || isChecking}>
            {refusal?.isLostAnswer
              ? t('payment.checkAgain')
              : isFree
                ? t('payment.confirm')
                : t('payment.pay', { amount })}
          </Button>
        </div>
      </div>
    </form>
  );
}
