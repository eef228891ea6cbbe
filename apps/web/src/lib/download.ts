import { apiClient } from './api-client';

/**
 * A PDF the API serves to the signed-in reader (a plain link could not send the token). Errors
 * still answer the JSON envelope, so both types are accepted.
 */
export function fetchPdf(path: string): Promise<Blob> {
  return apiClient.get<Blob>(path, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
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
