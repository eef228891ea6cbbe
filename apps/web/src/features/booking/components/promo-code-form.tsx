import { Button, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking, PromoCheckResult } from '@hafla/shared/bookings/bookings';
import { FormAlert } from '../../../components/form-alert';
import { isolate } from '../../../lib/bidi';
import { formatMoney } from '../../../lib/format';
import { splitApiErrors } from '../../../lib/use-form';
import { useCheckPromoCode } from '../api/check-promo-code';
import { useUpdateBookingPromoCode } from '../api/update-booking';
import classes from './booking.module.css';

const CODE = /^[A-Za-z0-9_-]{3,32}$/;

export interface PromoCodeFormProps {
  booking: Booking;
  /** A refusal that means the hold is gone (the page reloads the booking). */
  onBookingError: (error: unknown) => void;
}

/**
 * One press applies a code: it is checked (a refusal says why: expired, used up, not for these
 * tickets), then applied to the booking, whose answer carries the server's new totals, so a code
 * that was found good can never be left behind unapplied. An applied code can be removed.
 */
export function PromoCodeForm({ booking, onBookingError }: PromoCodeFormProps) {
  const { t, i18n } = useTranslation('booking');
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  const check = useCheckPromoCode();
  const update = useUpdateBookingPromoCode(booking.id);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // What the code applied here gives (its check's answer), said beside the saving.
  const [offer, setOffer] = useState<PromoCheckResult | null>(null);
  const [updateError, setUpdateError] = useState<string | null>(null);
  // Applying or removing a code swaps this card's content away from the button that had focus:
  // the card's heading takes it, so a keyboard or screen reader stays where the change is.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFocusPending = useRef(false);
  const hasCode = booking.promo_code !== null && booking.promo_code !== '';
  useEffect(() => {
    if (!isFocusPending.current) return;
    isFocusPending.current = false;
    headingRef.current?.focus();
  }, [hasCode]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setUpdateError(null);
    const trimmed = code.trim();
    if (!CODE.test(trimmed)) {
      setFieldError(t('promo.invalidFormat'));
      return;
    }
    setFieldError(null);
    check.mutate(
      {
        event: booking.event,
        code: trimmed,
        items: booking.items.map((item) => ({
          ticket_category: item.ticket_category,
          quantity: item.quantity,
        })),
      },
      {
        onSuccess: (result) => {
          setOffer(result);
          apply(result.code);
        },
        onError: (error) => {
          const { fieldErrors, message } = splitApiErrors(error, []);
          setFieldError(message ?? Object.values(fieldErrors)[0] ?? null);
        },
      },
    );
  }

  function apply(promoCode: string | null) {
    setUpdateError(null);
    isFocusPending.current = true;
    update.mutate(promoCode, {
      onSuccess: () => setCode(''),
      onError: (error) => {
        isFocusPending.current = false;
        setUpdateError(splitApiErrors(error, []).message);
        onBookingError(error);
      },
    });
  }

  if (booking.promo_code) {
    return (
      <section className={classes.card} aria-labelledby="booking-promo">
        <h3
          id="booking-promo"
          className={classes.categoryName}
          ref={headingRef}
          tabIndex={-1}
          style={{ outline: 'none' }}
        >
          {t('promo.heading')}
        </h3>
        <FormAlert
          tone="success"
          message={t('promo.applied', {
            code: isolate(booking.promo_code),
            amount: isolate(money(booking.discount)),
          })}
        />
        {offer?.code === booking.promo_code && (
          <Text fw={600}>
            {t(`promo.offer.${offer.discount_type}`, {
              code: isolate(offer.code),
              value: offer.value,
              amount: isolate(money(offer.value)),
            })}
          </Text>
        )}
        <FormAlert message={updateError} />
        <Group>
          <Button variant="default" onClick={() => apply(null)} loading={update.isPending}>
            {t('promo.remove')}
          </Button>
        </Group>
      </section>
    );
  }

  return (
    <section className={classes.card} aria-labelledby="booking-promo">
      <h3 id="booking-promo" className={classes.categoryName}>
        {t('promo.heading')}
      </h3>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('promo.label')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          // The button sits beside the box, under the label and above any error.
          inputContainer={(input) => (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button type="submit" variant="outline" loading={check.isPending || update.isPending}>
                {t('promo.submit')}
              </Button>
            </Group>
          )}
        />
      </form>
      <FormAlert message={updateError} />
    </section>
  );
}
