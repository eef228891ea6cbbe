import { isApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

/** An API failure in a sentence: the API's own words (already in the reader's language). */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.errors.map((item) => item.detail).join(' ');
  return i18n.t('errors.server');
}
