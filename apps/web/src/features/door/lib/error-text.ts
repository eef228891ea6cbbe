import { i18n } from '../../../lib/i18n';
import { splitApiErrors } from '../../../lib/use-form';

/** The API's own words for a failure (already in the reader's language), or a general one. */
export function errorText(failure: unknown): string {
  return splitApiErrors(failure, []).message ?? i18n.t('errors.server');
}
