import { useMutation } from '@tanstack/react-query';
import { fetchPdf, saveBlob } from '../../../lib/download';

/** Fetches a ticket's PDF with the reader's token and saves it. */
export function useDownloadTicketPdf() {
  return useMutation({
    mutationFn: async (ticketId: number) => {
      saveBlob(await fetchPdf(`/api/v1/tickets/${ticketId}/pdf/`), `hafla-ticket-${ticketId}.pdf`);
    },
  });
}
