import { Button, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@hafla/shared/auth/users';
import { TicketUpdateRequest } from '@hafla/shared/bookings/bookings';
import type { Booking, BookingTicket } from '@hafla/shared/bookings/bookings';
import { EmailField } from '../../../components/email-field';
import { FormAlert } from '../../../components/form-alert';
import { PhoneField } from '../../../components/phone-field';
import { splitApiErrors } from '../../../lib/use-form';
import { useUpdateTicket } from '../api/update-ticket';
import { useTicketSeat } from '../lib/use-ticket-seat';
import classes from './booking.module.css';

const FIELDS = ['holder_name', 'holder_email', 'holder_phone'] as const;
type Field = (typeof FIELDS)[number];
type Holder = Record<Field, string>;
type HolderErrors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The API's limit on a holder's name (after trimming), read from its schema. */
const NAME_MAX = TicketUpdateRequest.shape.holder_name.unwrap().maxLength ?? 200;
const PHONE = /^[+0-9 ()-]*$/;

/** The first ticket is the buyer's unless they say otherwise. */
function initialHolders(booking: Booking, user: User | null): Record<number, Holder> {
  return Object.fromEntries(
    booking.tickets.map((ticket, index) => {
      const isBuyers = index === 0 && user !== null;
      return [
        ticket.id,
        {
          holder_name:
            ticket.holder_name || (isBuyers ? `${user.first_name} ${user.last_name}`.trim() : ''),
          holder_email: ticket.holder_email || (isBuyers ? user.email : ''),
          holder_phone: ticket.holder_phone,
        },
      ];
    }),
  );
}

function isChanged(ticket: BookingTicket, holder: Holder): boolean {
  return FIELDS.some((field) => ticket[field] !== holder[field].trim());
}

export interface AttendeesStepProps {
  booking: Booking;
  user: User | null;
  onDone: () => void;
}

/** Step 3: a name (and optionally an email and phone) for every ticket, saved ticket by ticket. */
export function AttendeesStep({ booking, user, onDone }: AttendeesStepProps) {
  const { t } = useTranslation(['booking', 'common']);
  const updateTicket = useUpdateTicket(booking.id);
  const [holders, setHolders] = useState(() => initialHolders(booking, user));
  const [errors, setErrors] = useState<Record<number, HolderErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const seatText = useTicketSeat();
  const names = new Map(booking.items.map((item) => [item.ticket_category, item.name]));

  function setField(ticketId: number, field: Field, value: string) {
    setHolders((current) => ({
      ...current,
      [ticketId]: { ...current[ticketId]!, [field]: value },
    }));
    setErrors((current) => {
      if (!current[ticketId]?.[field]) return current;
      const next = { ...current[ticketId] };
      delete next[field];
      return { ...current, [ticketId]: next };
    });
  }

  function validate(holder: Holder): HolderErrors {
    const found: HolderErrors = {};
    const name = holder.holder_name.trim();
    if (!name) found.holder_name = t('attendees.nameRequired');
    else if (name.length > NAME_MAX) {
      found.holder_name = t('attendees.nameTooLong', { count: NAME_MAX });
    }
    if (holder.holder_email.trim() && !EMAIL.test(holder.holder_email.trim())) {
      found.holder_email = t('common:form.emailInvalid');
    }
    if (!PHONE.test(holder.holder_phone.trim())) found.holder_phone = t('attendees.phoneInvalid');
    return found;
  }

  function focusFirstError() {
    // After the state that marks the fields has rendered.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: Record<number, HolderErrors> = {};
    for (const ticket of booking.tickets) {
      const ticketErrors = validate(holders[ticket.id]!);
      if (Object.keys(ticketErrors).length > 0) found[ticket.id] = ticketErrors;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }

    setIsSaving(true);
    const changed = booking.tickets.filter((ticket) => isChanged(ticket, holders[ticket.id]!));
    const results = await Promise.allSettled(
      changed.map((ticket) => {
        const holder = holders[ticket.id]!;
        return updateTicket.mutateAsync({
          ticketId: ticket.id,
          body: {
            holder_name: holder.holder_name.trim(),
            holder_email: holder.holder_email.trim(),
            holder_phone: holder.holder_phone.trim(),
          },
        });
      }),
    );
    setIsSaving(false);

    const apiErrors: Record<number, HolderErrors> = {};
    const messages = new Set<string>();
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') return;
      const { fieldErrors, message } = splitApiErrors(result.reason, FIELDS);
      apiErrors[changed[index]!.id] = fieldErrors;
      if (message) messages.add(message);
    });
    if (results.some((result) => result.status === 'rejected')) {
      setErrors(apiErrors);
      setFormError(messages.size > 0 ? [...messages].join(' ') : null);
      focusFirstError();
      return;
    }
    onDone();
  }

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <div className={classes.main}>
        <Text>{t('attendees.lead')}</Text>
        <FormAlert message={formError} />
        {booking.tickets.map((ticket, index) => {
          const holder = holders[ticket.id]!;
          const ticketErrors = errors[ticket.id] ?? {};
          return (
            <fieldset key={ticket.id} className={classes.attendee}>
              <legend>
                {t('attendees.ticket', {
                  number: index + 1,
                  name: names.get(ticket.ticket_category) ?? '',
                })}
                {ticket.seat && ` · ${seatText(ticket.seat)}`}
              </legend>
              <TextInput
                label={t('attendees.name')}
                autoComplete={index === 0 ? 'name' : 'off'}
                required
                maxLength={NAME_MAX}
                value={holder.holder_name}
                error={ticketErrors.holder_name}
                onChange={(change) =>
                  setField(ticket.id, 'holder_name', change.currentTarget.value)
                }
              />
              <EmailField
                label={t('attendees.email')}
                description={t('attendees.emailHint')}
                required={false}
                autoComplete={index === 0 ? 'email' : 'off'}
                value={holder.holder_email}
                error={ticketErrors.holder_email}
                onChange={(change) =>
                  setField(ticket.id, 'holder_email', change.currentTarget.value)
                }
              />
              <PhoneField
                label={t('attendees.phone')}
                autoComplete={index === 0 ? 'tel' : 'off'}
                value={holder.holder_phone}
                error={ticketErrors.holder_phone}
                onChange={(change) =>
                  setField(ticket.id, 'holder_phone', change.currentTarget.value)
                }
              />
            </fieldset>
          );
        })}
        <div className={classes.actions}>
          <div className={classes.actionButtons}>
            <Button type="submit" loading={isSaving}>
              {t('actions.continue')}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
