import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getTicketPdf(ticketId: number): Promise<Blob> {
  return apiClient.request<Blob>(`/api/v1/tickets/${ticketId}/pdf/`, {
    responseType: 'blob',
    // Errors still answer the JSON envelope.
    headers: { Accept: 'application/pdf, application/json' },
  });
}

/** Saves a blob under a file name, as a link with `download` does. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is not needed any longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches a ticket's PDF with the reader's token (a plain link could not send it) and saves it. */
export function useDownloadTicketPdf() {
  return useMutation({
    mutationFn: async (ticketId: number) => {
      saveBlob(await getTicketPdf(ticketId), `hafla-ticket-${ticketId}.pdf`);
    },
  });
}
