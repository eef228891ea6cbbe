import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getBookingPdf(bookingId: number): Promise<Blob> {
  return apiClient.get<Blob>(`/api/v1/bookings/${bookingId}/pdf/`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
  });
}

/** Hands a downloaded file to the browser under a name, as a link with `download` would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The tickets of a booking as one PDF, fetched with the reader's token (a plain link has none). */
export function useDownloadBookingPdf() {
  return useMutation({
    mutationFn: async ({ bookingId, fileName }: { bookingId: number; fileName: string }) => {
      saveBlob(await getBookingPdf(bookingId), fileName);
    },
  });
}
