import { readStoredLanguage } from './language';
import { readSessionHint } from './session';

/** Where the server puts a page's first answer (apps/api/src/plugins/web.ts). */
export const FIRST_ANSWER_ID = 'hafla-first-answer';

interface FirstAnswer {
  path: string;
  language: string;
  body: unknown;
}

/** The answers the page brought, by path, until each is taken; undefined until read. */
let pending: Map<string, FirstAnswer> | undefined;

function isFirstAnswer(value: unknown): value is FirstAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<FirstAnswer>;
  return typeof candidate.path === 'string' && typeof candidate.language === 'string';
}

function readFirstAnswers(doc: Document): Map<string, FirstAnswer> {
  const answers = new Map<string, FirstAnswer>();
  const element = doc.getElementById(FIRST_ANSWER_ID);
  if (!element?.textContent) return answers;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent) as unknown;
    for (const answer of Array.isArray(parsed) ? parsed : []) {
      if (isFirstAnswer(answer)) answers.set(answer.path, answer);
    }
  } catch {
    // A broken answer is no answer: the app asks the API.
  }
  return answers;
}

/**
 * The answer to GET `path` that the server sent inside the page (decision 0024), once: the
 * first render uses it instead of asking the API, and every later read asks. It is an anonymous
 * reader's answer in the language of the visitor's browser, so a signed-in visitor, or one
 * who chose the other language, asks the API as before.
 */
export function takeFirstAnswer<T>(path: string, doc: Document = document): T | undefined {
  pending ??= readFirstAnswers(doc);
  const answer = pending.get(path);
  if (answer === undefined) return undefined;
  pending.delete(path);
  if (answer.language !== readStoredLanguage() || readSessionHint() !== null) return undefined;
  return answer.body as T;
}

/** Tests start each case from a fresh page. */
export function forgetFirstAnswer(): void {
  pending = undefined;
}
