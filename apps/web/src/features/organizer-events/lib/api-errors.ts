import { isApiError } from '../../../lib/api-client';
import { splitApiErrors } from '../../../lib/use-form';
import type { SplitErrors } from '../../../lib/use-form';

/**
 * Like splitApiErrors, for forms whose field names differ from the wire's `attr`: nested attrs
 * (`refund_policy.refund_percentage`, `times.0.start`) are looked up in `aliases`, by the whole
 * attr first and then by its first segment.
 */
export function splitMappedApiErrors(
  error: unknown,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): SplitErrors {
  if (!isApiError(error)) return splitApiErrors(error, fields);
  const fieldErrors: Record<string, string> = {};
  const messages: string[] = [];
  for (const item of error.errors) {
    const attr = item.attr ?? '';
    const field = aliases[attr] ?? aliases[attr.split('.')[0] ?? ''] ?? attr;
    if (field && fields.includes(field)) {
      fieldErrors[field] ??= item.detail;
    } else if (!messages.includes(item.detail)) {
      messages.push(item.detail);
    }
  }
  return { fieldErrors, message: messages.length > 0 ? messages.join(' ') : null };
}
