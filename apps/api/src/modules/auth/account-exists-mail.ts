import { isLanguage, type Language } from '@hafla/shared/common/i18n';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import type { MailKind } from '../mail/mail-worker';
import { enqueueMailsFrom } from '../mail/outbox';
import { renderFrame } from '../../lib/mail/templates';

export const ACCOUNT_EXISTS_MAIL = 'account_exists';
/** A warning about an attempt an hour old is not worth sending any more. */
const GIVE_UP_SECONDS = 60 * 60;

const copy = {
  en: {
    subject: 'Someone tried to create a Hafla account with your email',
    heading: 'You already have a Hafla account',
    body: 'Someone, perhaps you, just tried to create a new Hafla account with this email address. It already belongs to your account, so nothing was created.',
    action:
      'Sign in with your password, or reset it if you have forgotten it: open "Forgot password?" on the sign-in page.',
    ignore: 'If it was not you, you can ignore this email; your account has not changed.',
    signIn: 'Sign in',
  },
  ar: {
    subject: 'حاول أحدهم إنشاء حساب في حفلة ببريدك الإلكتروني',
    heading: 'لديك حساب في حفلة بالفعل',
    body: 'حاول أحدهم، وربما أنت، إنشاء حساب جديد في حفلة بعنوان البريد هذا. العنوان مسجّل لحسابك بالفعل، لذلك لم يُنشأ أي حساب.',
    action:
      'سجّل الدخول بكلمة مرورك، أو أعد تعيينها إن نسيتها من خلال «نسيت كلمة المرور؟» في صفحة تسجيل الدخول.',
    ignore: 'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة؛ لم يتغيّر شيء في حسابك.',
    signIn: 'تسجيل الدخول',
  },
} as const;

/**
 * Sent instead of a code when someone registers an address that already has an account: the
 * answer to the registration looks the same either way, and only the mailbox's owner learns.
 */
export function renderAccountExistsMail(
  language: Language,
  publicUrl: string | undefined,
): { subject: string; text: string; html: string } {
  const t = copy[language];
  const { html, text } = renderFrame(language, {
    subject: t.subject,
    heading: t.heading,
    before: [t.body, t.action],
    rows: [],
    after: [t.ignore],
    link: publicUrl ? { label: t.signIn, url: new URL('/auth/login', publicUrl).href } : undefined,
  });
  return { subject: t.subject, text, html };
}

/**
 * Queues the warning to a verified account's owner, in one statement that matches no row for
 * no account or an unverified one — registration runs it either way, so it costs the same.
 */
export async function queueAccountExistsMail(db: Db, userId: string | null): Promise<void> {
  await enqueueMailsFrom(
    db,
    ACCOUNT_EXISTS_MAIL,
    sql`select ${users.email}, ${users.language}, '{}'::jsonb from ${users}
         where ${users.id} = ${userId ?? randomUUID()}::uuid and ${users.is_verified}`,
    GIVE_UP_SECONDS,
  );
}

export function accountExistsMailKind(publicUrl: string | undefined): MailKind {
  return {
    render: (row) =>
      Promise.resolve(
        renderAccountExistsMail(isLanguage(row.language) ? row.language : 'en', publicUrl),
      ),
  };
}
