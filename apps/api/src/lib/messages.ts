import type { Language } from '@hafla/shared/common/i18n';

type Catalog = Record<string, string>;

/**
 * Translated `detail` texts for error codes. Keys are codes; `{name}` placeholders are filled
 * from the error's params. Every code exists in both languages (a test checks this).
 */
const en: Catalog = {
  invalid: 'This value is not valid.',
  required: 'This field is required.',
  null: 'This field may not be null.',
  min_length: 'Ensure this value has at least {minimum} characters.',
  max_length: 'Ensure this value has at most {maximum} characters.',
  min_value: 'Ensure this value is greater than or equal to {minimum}.',
  max_value: 'Ensure this value is less than or equal to {maximum}.',
  invalid_choice: 'This is not one of the allowed choices.',
  unknown_field: 'This field is not allowed.',
  not_a_number: 'A valid number is required.',
  not_an_integer: 'A valid integer is required.',
  unique: 'A record with this value already exists.',
  does_not_exist: 'The referenced record does not exist.',
  parse_error: 'The request body is not valid JSON.',
  request_too_large: 'The request body is too large.',
  unsupported_media_type: 'This content type is not supported.',
  method_not_allowed: 'Method "{method}" is not allowed here.',
  not_found: 'Not found.',
  not_authenticated: 'Authentication credentials were not provided.',
  token_not_valid: 'The token is not valid or has expired.',
  permission_denied: 'You do not have permission to perform this action.',
  throttled: 'Too many requests. Try again in {seconds} seconds.',
  server_error: 'Something went wrong on our side. Please try again.',
  service_unavailable: 'The service is temporarily unavailable.',
  monitoring_rejected: 'This error report was refused.',
  monitoring_unavailable: 'Error reporting is not configured.',
  bad_gateway: 'The upstream service did not answer.',
  otp_sent: 'If the address can receive a code, we have emailed one. It is valid for 10 minutes.',
  otp_invalid: 'This code is not correct.',
  otp_expired: 'This code has expired. Ask for a new one.',
  otp_locked: 'Too many wrong tries. Ask for a new code.',
  resend_too_soon: 'Please wait {seconds} seconds before asking for another code.',
  invalid_credentials: 'The email or password is not correct.',
  email_not_verified: 'Verify your email before signing in. We can send you a new code.',
  reset_token_invalid: 'This reset link has expired or was already used. Start again.',
  old_password_incorrect: 'Your current password is not correct.',
  password_too_common: 'This password is too common. Choose a less predictable one.',
  password_too_similar: 'The password is too similar to your email.',
  image_invalid: 'Upload a PNG, JPEG, WebP or GIF image.',
  logged_out: 'You are signed out.',
  password_reset_done: 'Your password has been changed. Sign in with the new one.',
};

const ar: Catalog = {
  invalid: 'هذه القيمة غير صالحة.',
  required: 'هذا الحقل مطلوب.',
  null: 'لا يمكن أن يكون هذا الحقل فارغًا.',
  min_length: 'يجب ألا تقل هذه القيمة عن {minimum} أحرف.',
  max_length: 'يجب ألا تزيد هذه القيمة على {maximum} حرفًا.',
  min_value: 'يجب أن تكون هذه القيمة أكبر من أو تساوي {minimum}.',
  max_value: 'يجب أن تكون هذه القيمة أصغر من أو تساوي {maximum}.',
  invalid_choice: 'هذا ليس من الخيارات المسموح بها.',
  unknown_field: 'هذا الحقل غير مسموح به.',
  not_a_number: 'يلزم إدخال رقم صحيح.',
  not_an_integer: 'يلزم إدخال عدد صحيح.',
  unique: 'يوجد سجل بهذه القيمة بالفعل.',
  does_not_exist: 'السجل المشار إليه غير موجود.',
  parse_error: 'محتوى الطلب ليس JSON صالحًا.',
  request_too_large: 'محتوى الطلب كبير جدًا.',
  unsupported_media_type: 'نوع المحتوى هذا غير مدعوم.',
  method_not_allowed: 'الطريقة "{method}" غير مسموح بها هنا.',
  not_found: 'غير موجود.',
  not_authenticated: 'لم يتم تقديم بيانات الاعتماد.',
  token_not_valid: 'الرمز غير صالح أو منتهي الصلاحية.',
  permission_denied: 'ليس لديك صلاحية للقيام بهذا الإجراء.',
  throttled: 'طلبات كثيرة جدًا. حاول مرة أخرى بعد {seconds} ثانية.',
  server_error: 'حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى.',
  service_unavailable: 'الخدمة غير متاحة مؤقتًا.',
  monitoring_rejected: 'تم رفض تقرير الخطأ هذا.',
  monitoring_unavailable: 'الإبلاغ عن الأخطاء غير مُعد.',
  bad_gateway: 'لم تستجب الخدمة الخارجية.',
  otp_sent: 'إذا كان بإمكان هذا العنوان استلام رمز، فقد أرسلناه إليه. الرمز صالح لمدة 10 دقائق.',
  otp_invalid: 'هذا الرمز غير صحيح.',
  otp_expired: 'انتهت صلاحية هذا الرمز. اطلب رمزًا جديدًا.',
  otp_locked: 'محاولات خاطئة كثيرة. اطلب رمزًا جديدًا.',
  resend_too_soon: 'يرجى الانتظار {seconds} ثانية قبل طلب رمز آخر.',
  invalid_credentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  email_not_verified: 'أكّد بريدك الإلكتروني قبل تسجيل الدخول. يمكننا إرسال رمز جديد إليك.',
  reset_token_invalid: 'انتهت صلاحية رابط إعادة التعيين أو استُخدم من قبل. ابدأ من جديد.',
  old_password_incorrect: 'كلمة المرور الحالية غير صحيحة.',
  password_too_common: 'كلمة المرور هذه شائعة جدًا. اختر كلمة أصعب توقعًا.',
  password_too_similar: 'كلمة المرور قريبة جدًا من بريدك الإلكتروني.',
  image_invalid: 'ارفع صورة بصيغة PNG أو JPEG أو WebP أو GIF.',
  logged_out: 'تم تسجيل خروجك.',
  password_reset_done: 'تم تغيير كلمة المرور. سجّل الدخول بالكلمة الجديدة.',
};

export const catalogs: Record<Language, Catalog> = { en, ar };

export function translate(
  language: Language,
  code: string,
  params: Record<string, string | number> = {},
): string {
  const template =
    catalogs[language][code] ?? catalogs.en[code] ?? catalogs[language].invalid ?? code;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
