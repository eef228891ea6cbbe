import { readStoredLanguage } from './language';
import { readSessionHint } from './session';

/** Where the server puts a page's first answer (apps/api/src/plugins/web.ts). */
export const FIRST_ANSWER_ID = 'hafla-first-answer';

interface FirstAnswer {
  path: string;
  language: string;
  body: unknown;
}

let pending: FirstAnswer | null | undefined;

function readFirstAnswer(doc: Document): FirstAnswer | null {
  const element = doc.getElementById(FIRST_ANSWER_ID);
  if (!element?.textContent) return null;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent) as Partial<FirstAnswer>;
    return typeof parsed.path === 'string' && typeof parsed.language === 'string'
      ? { path: parsed.path, language: parsed.language, body: parsed.body }
      : null;
  } catch {
    return null;
  }
}

/**
 * The answer to GET `path` that the server sent inside the page (decision 0024), once: the
 * first render uses it instead of asking the API, and every later read asks. It is an anonymous
 * reader's answer in the language of the visitor's browser, so a signed-in visitor, or one
 * who chose the other language, asks the API as before.
 */
export function takeFirstAnswer<T>(path: string, doc: Document = document): T | undefined {
  if (pending === undefined) pending = readFirstAnswer(doc);
  if (pending === null || pending.path !== path) return undefined;
  const answer = pending;
  pending = null;
  if (answer.language !== readStoredLanguage() || readSessionHint() !== null) return undefined;
  return answer.body as T;
}

/** Tests start each case from a fresh page. */
export function forgetFirstAnswer(): void {
  pending = undefined;
}
