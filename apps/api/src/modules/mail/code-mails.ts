import { isLanguage } from '@hafla/shared/common/i18n';
import type { MailKind } from './mail-worker';
import type { OutboxRow } from './outbox';
import { renderCodeMail, type CodeMailKind } from '../../lib/mail/templates';

/** The params of a queued code mail; cleared once the row is done (isSecret). */
export interface CodeMailParams {
  code: string;
  minutes: number;
}

function codeMail(kind: CodeMailKind): MailKind {
  return {
    isSecret: true,
    render(row: OutboxRow) {
      const { code, minutes } = row.params as Partial<CodeMailParams>;
      if (typeof code !== 'string' || typeof minutes !== 'number') return Promise.resolve(null);
      const language = isLanguage(row.language) ? row.language : 'en';
      return Promise.resolve(renderCodeMail(kind, language, code, minutes));
    },
  };
}

/** One-time codes: email verification and password reset. */
export const codeMailKinds: Record<CodeMailKind, MailKind> = {
  verify_email: codeMail('verify_email'),
  reset_password: codeMail('reset_password'),
};
