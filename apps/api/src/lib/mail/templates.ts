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

/** Label and value rows of an email's table; `emphasis` makes the value bold (a total). */
export type Rows = Array<[label: string, value: string, emphasis?: boolean]>;

/** The frame of longer emails: brand, heading, paragraphs, a table of rows and an optional button. */
export function renderFrame(
  language: Language,
  parts: {
    subject: string;
    heading: string;
    before: string[];
    rows: Rows;
    after: string[];
    /** Plain links after the paragraphs (add to a calendar), before the button. */
    links?: Array<{ label: string; url: string }>;
    link?: { label: string; url: string };
    /** Images shown after the table, centred, each with a caption (QR codes). */
    images?: Array<{ cid: string; size: number; alt: string; caption: string }>;
  },
): { html: string; text: string } {
  const dir = directionOf(language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const end = dir === 'rtl' ? 'left' : 'right';
  const paragraph = (line: string) =>
    `<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(line)}</p>`;
  const row = ([label, value, emphasis]: Rows[number]) =>
    `<tr><td style="padding:8px 0;border-bottom:1px solid #eee7f5;color:${BRAND.muted};vertical-align:top;text-align:${align}">${escapeHtml(label)}</td>` +
    `<td style="padding:8px 0;border-bottom:1px solid #eee7f5;text-align:${end};${emphasis ? 'font-weight:800;' : ''}"><bdi>${escapeHtml(value).replace(/\n/g, '<br>')}</bdi></td></tr>`;
  const button = parts.link
    ? `<p style="margin:20px 0 0;text-align:center"><a href="${escapeHtml(parts.link.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:${BRAND.primary};color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(parts.link.label)}</a></p>`
    : '';
  const image = ({ cid, size, alt, caption }: NonNullable<typeof parts.images>[number]) =>
    `<p style="margin:16px 0 4px;text-align:center"><img src="cid:${escapeHtml(cid)}" width="${size}" height="${size}" alt="${escapeHtml(alt)}" style="display:inline-block;border:0"></p>` +
    `<p style="margin:0 0 12px;text-align:center;color:${BRAND.muted}"><bdi>${escapeHtml(caption)}</bdi></p>`;
  const images = (parts.images ?? []).map(image).join('\n      ');
  const links = (parts.links ?? [])
    .map(
      ({ label, url }) =>
        `<a href="${escapeHtml(url)}" style="color:${BRAND.primary};font-weight:700;text-decoration:underline">${escapeHtml(label)}</a>`,
    )
    .join(' · ');
  const linkLine = links ? `<p style="margin:0 0 12px;line-height:1.6">${links}</p>` : '';
  const table =
    parts.rows.length > 0
      ? `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:8px 0 16px;border-collapse:collapse" dir="${dir}">
        ${parts.rows.map(row).join('\n        ')}
      </table>`
      : '';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f2fb;font-family:Nunito,'Noto Sans Arabic',Tahoma,Arial,sans-serif;color:${BRAND.text}">
  <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;border-top:6px solid ${BRAND.primary}" dir="${dir}">
    <tr><td style="padding:28px;text-align:${align}">
      <p style="margin:0 0 8px;font-size:22px;font-weight:800;color:${BRAND.primary}">Hafla · حفلة</p>
      <h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(parts.heading)}</h1>
      ${parts.before.map(paragraph).join('\n      ')}
      ${table}
      ${images}
      ${parts.after.map(paragraph).join('\n      ')}
      ${linkLine}
      ${button}
    </td></tr>
  </table>
</body>
</html>`;
  const text = [
    parts.heading,
    '',
    ...parts.before,
    ...(parts.rows.length > 0
      ? ['', ...parts.rows.map(([label, value]) => `${label}: ${value.replace(/\n/g, ', ')}`)]
      : []),
    ...(parts.images?.length ? ['', ...parts.images.map((entry) => entry.caption)] : []),
    ...(parts.after.length > 0 ? ['', ...parts.after] : []),
    ...(parts.links ?? []).map(({ label, url }) => `${label}: ${url}`),
    ...(parts.link ? ['', `${parts.link.label}: ${parts.link.url}`] : []),
    '',
    '— Hafla',
  ].join('\n');
  return { html, text };
}

/** A short notice (a notification worth an email): heading, one paragraph, an optional link. */
export function renderNoticeMail(
  language: Language,
  notice: { title: string; content: string; link?: { label: string; url: string } },
): Rendered {
  const { html, text } = renderFrame(language, {
    subject: notice.title,
    heading: notice.title,
    before: [notice.content],
    rows: [],
    after: [],
    link: notice.link,
  });
  return { subject: notice.title, html, text };
}
