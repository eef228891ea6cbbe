import { isLanguage, type Language } from '@hafla/shared/common/i18n';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { ushers } from '../../db/schema/door';
import type { MailKind } from '../mail/mail-worker';
import { enqueueMailsFrom } from '../mail/outbox';
import { fill, renderFrame } from '../../lib/mail/templates';

export const USHER_INVITATION_MAIL = 'usher_invitation';

const copy = {
  en: {
    subject: '{organizer} added you as an usher on Hafla',
    heading: 'You are an usher for {organizer}',
    steward: 'You can check guests in at the door of their events.',
    supervisor:
      'You can check guests in at the door of their events, approve or reject tickets and undo check-ins.',
    existing: 'Sign in to Hafla and open "Events I scan for" to start.',
    invited:
      'Create your Hafla account with this email address ({email}); your usher access starts as soon as it is registered.',
    signIn: 'Sign in',
    register: 'Create your account',
    ignore: 'If you do not expect this, you can ignore this email.',
  },
  ar: {
    subject: 'أضافك {organizer} إلى فريق الاستقبال في حفلة',
    heading: 'أنت ضمن فريق الاستقبال لدى {organizer}',
    steward: 'يمكنك تسجيل دخول الضيوف عند بوابة فعالياته.',
    supervisor:
      'يمكنك تسجيل دخول الضيوف عند بوابة فعالياته، والموافقة على التذاكر أو رفضها، والتراجع عن تسجيل الدخول.',
    existing: 'سجّل الدخول إلى حفلة وافتح «فعاليات أمسح لها» للبدء.',
    invited: 'أنشئ حسابك في حفلة بعنوان البريد هذا ({email})؛ تبدأ صلاحيتك بمجرد تسجيله.',
    signIn: 'تسجيل الدخول',
    register: 'أنشئ حسابك',
    ignore: 'إذا لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.',
  },
} as const;

export interface UsherInvitationData {
  organizer: string;
  email: string;
  role: 'steward' | 'supervisor';
  /** The address already has an account. */
  existing: boolean;
}

export function renderUsherInvitation(
  data: UsherInvitationData,
  language: Language,
  publicUrl: string | undefined,
) {
  const t = copy[language];
  const values = { organizer: data.organizer, email: data.email };
  const subject = fill(t.subject, values);
  const path = data.existing
    ? '/auth/login'
    : `/auth/register?email=${encodeURIComponent(data.email)}`;
  const { html, text } = renderFrame(language, {
    subject,
    heading: fill(t.heading, values),
    before: [t[data.role], fill(data.existing ? t.existing : t.invited, values)],
    rows: [],
    after: [t.ignore],
    link: publicUrl
      ? { label: data.existing ? t.signIn : t.register, url: new URL(path, publicUrl).href }
      : undefined,
  });
  return { subject, text, html };
}

/**
 * Queues the usher's email in the caller's transaction, in the account's language when the
 * address has one, else the organizer's: one statement either way (no account enumeration by
 * timing). Whether it says "sign in" or "register" is decided when it is sent.
 */
export async function queueUsherInvitation(db: Db, usherId: number): Promise<void> {
  await enqueueMailsFrom(
    db,
    USHER_INVITATION_MAIL,
    sql`select u.email, coalesce(a.language, u.language), jsonb_build_object('usher', u.id)
          from ${ushers} u
          left join ${users} a on a.email = u.email and a.is_verified
         where u.id = ${usherId}`,
  );
}

export function usherMailKind(db: Db, publicUrl: string | undefined): MailKind {
  return {
    async render(row) {
      const id = row.params.usher;
      if (typeof id !== 'number') return null;
      const [found] = await db
        .select({
          email: ushers.email,
          role: ushers.role,
          organization: users.organization_name,
          first_name: users.first_name,
          last_name: users.last_name,
        })
        .from(ushers)
        .innerJoin(users, eq(users.id, ushers.organizer_id))
        .where(eq(ushers.id, id));
      // Removed before the mail went out: nothing to say.
      if (!found) return null;
      const [account] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = ${found.email} and ${users.is_verified}`);
      const organizer =
        found.organization?.trim() || `${found.first_name} ${found.last_name}`.trim();
      return renderUsherInvitation(
        {
          organizer,
          email: found.email,
          role: found.role === 'supervisor' ? 'supervisor' : 'steward',
          existing: Boolean(account),
        },
        isLanguage(row.language) ? row.language : 'en',
        publicUrl,
      );
    },
  };
}
