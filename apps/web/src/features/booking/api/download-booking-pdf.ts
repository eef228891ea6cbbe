import { useMutation } from '@tanstack/react-query';
import { fetchPdf, saveBlob } from '../../../lib/download';

/** The tickets of a booking as one PDF, fetched with the reader's token. */
export function useDownloadBookingPdf() {
  return useMutation({
    mutationFn: async ({ bookingId, fileName }: { bookingId: number; fileName: string }) => {
      saveBlob(await fetchPdf(`/api/v1/bookings/${bookingId}/pdf/`), fileName);
    },
  });
}
