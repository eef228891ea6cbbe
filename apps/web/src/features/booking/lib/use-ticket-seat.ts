import { useTranslation } from 'react-i18next';
import type { TicketSeat } from '@hafla/shared/bookings/bookings';
import { isolate } from '../../../lib/bidi';

/** A ticket's seat as the order shows it ("Stalls · row A · seat 5"), or null unseated. */
export function useTicketSeat() {
  const { t, i18n } = useTranslation('seats');
  return (seat: TicketSeat | null): string | null =>
    seat
      ? t('summary.seat', {
          section: isolate(i18n.language === 'ar' ? seat.section_ar : seat.section_en),
          row: isolate(seat.row),
          seat: isolate(seat.seat),
        })
      : null;
}
