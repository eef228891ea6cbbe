import type { Language } from '@hafla/shared/common/i18n';
import { directionOf } from '@hafla/shared/common/i18n';

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export const BRAND = {
  primary: '#8A2BE2',
  secondary: '#E22B6B',
  text: '#1f1f24',
  muted: '#5c5f66',
};

const copy = {
  verify_email: {
    en: {
      subject: 'Your Hafla verification code: {code}',
      heading: 'Confirm your email',
      intro: 'Use this code to finish creating your Hafla account:',
      expiry: 'The code is valid for {minutes} minutes and can be used once.',
      ignore: 'If you did not create an account, you can ignore this email.',
    },
    ar: {
      subject: 'رمز التحقق من حفلة: {code}',
      heading: 'أكّد بريدك الإلكتروني',
      intro: 'استخدم هذا الرمز لإكمال إنشاء حسابك في حفلة:',
      expiry: 'الرمز صالح لمدة {minutes} دقائق ويُستخدم مرة واحدة.',
      ignore: 'إذا لم تنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    },
  },
  reset_password: {
    en: {
      subject: 'Your Hafla password reset code: {code}',
      heading: 'Reset your password',
      intro: 'Use this code to choose a new password for your Hafla account:',
      expiry: 'The code is valid for {minutes} minutes and can be used once.',
      ignore:
        'If you did not ask to reset your password, you can ignore this email; your password stays the same.',
    },
    ar: {
      subject: 'رمز إعادة تعيين كلمة المرور في حفلة: {code}',
      heading: 'أعد تعيين كلمة المرور',
      intro: 'استخدم هذا الرمز لاختيار كلمة مرور جديدة لحسابك في حفلة:',
      expiry: 'الرمز صالح لمدة {minutes} دقائق ويُستخدم مرة واحدة.',
      ignore:
        'إذا لم تطلب إعادة تعيين كلمة المرور، يمكنك تجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.',
    },
  },
} as const;

export type CodeMailKind = keyof typeof copy;

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A one-time code email in the recipient's language, right-to-left for Arabic. */
export function renderCodeMail(
  kind: CodeMailKind,
  language: Language,
  code: string,
  minutes: number,
): Rendered {
  const t = copy[kind][language];
  const values = { code, minutes };
  const dir = directionOf(language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const text = [
    t.heading,
    '',
    t.intro,
    '',
    code,
    '',
    fill(t.expiry, values),
    t.ignore,
    '',
    '— Hafla',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(fill(t.subject, values))}</title></head>
<body style="margin:0;padding:24px;background:#f6f2fb;font-family:Nunito,'Noto Sans Arabic',Tahoma,Arial,sans-serif;color:${BRAND.text}">
  <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;border-top:6px solid ${BRAND.primary}" dir="${dir}">
    <tr><td style="padding:28px;text-align:${align}">
      <p style="margin:0 0 8px;font-size:22px;font-weight:800;color:${BRAND.primary}">Hafla · حفلة</p>
      <h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(t.heading)}</h1>
      <p style="margin:0 0 16px;line-height:1.6">${escapeHtml(t.intro)}</p>
      <p style="margin:0 0 16px;font-size:32px;font-weight:800;letter-spacing:8px;color:${BRAND.secondary};direction:ltr;text-align:center">${escapeHtml(code)}</p>
      <p style="margin:0 0 8px;line-height:1.6;color:${BRAND.muted}">${escapeHtml(fill(t.expiry, values))}</p>
      <p style="margin:0;line-height:1.6;color:${BRAND.muted}">${escapeHtml(t.ignore)}</p>
    </td></tr>
  </table>
</body>
</html>`;
  return { subject: fill(t.subject, values), text, html };
}

/** A short notice (a notification worth an email): heading, one paragraph, an optional link. */
export function renderNoticeMail(
  language: Language,
  notice: { title: string; content: string; link?: { label: string; url: string } },
): Rendered {
  const dir = directionOf(language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const text = [
    notice.title,
    '',
    notice.content,
    ...(notice.link ? ['', `${notice.link.label}: ${notice.link.url}`] : []),
    '',
    '— Hafla',
  ].join('\n');
  const button = notice.link
    ? `<p style="margin:20px 0 0;text-align:center"><a href="${escapeHtml(notice.link.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:${BRAND.primary};color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(notice.link.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(notice.title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f2fb;font-family:Nunito,'Noto Sans Arabic',Tahoma,Arial,sans-serif;color:${BRAND.text}">
  <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;border-top:6px solid ${BRAND.primary}" dir="${dir}">
    <tr><td style="padding:28px;text-align:${align}">
      <p style="margin:0 0 8px;font-size:22px;font-weight:800;color:${BRAND.primary}">Hafla · حفلة</p>
      <h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(notice.title)}</h1>
      <p style="margin:0;line-height:1.6">${escapeHtml(notice.content)}</p>
      ${button}
    </td></tr>
  </table>
</body>
</html>`;
  return { subject: notice.title, text, html };
}
