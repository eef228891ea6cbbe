import { EARLIEST_DAY, LATEST_DAY } from '@hafla/shared/common/date-range';
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
  multipart_invalid: 'The upload could not be read. Send it again as multipart/form-data.',
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
  'otp_invalid.remaining_attempts': 'This code is not correct. Tries left: {remaining_attempts}.',
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
  timezone_invalid: 'This is not a known time zone.',
  currency_not_supported: 'This currency is not supported.',
  venue_required: 'An in-person event needs a venue name.',
  online_url_required: 'An online event needs its link.',
  coordinates_incomplete: 'Give both latitude and longitude, or neither.',
  event_not_editable: 'A cancelled or ended event can no longer be changed.',
  currency_locked: 'The currency cannot change once the event is published.',
  status_transition_invalid: 'An event cannot go from "{from}" to "{to}".',
  publish_requires_date: 'Add at least one future date before publishing.',
  publish_requires_ticket_category: 'Add at least one ticket category before publishing.',
  publish_limit_reached:
    'You have published {limit} events this month, the most allowed. Try again next month.',
  date_in_past: 'This date is in the past.',
  date_order_invalid: 'The end must be after the start.',
  date_taken: 'This event already has a time slot starting then.',
  date_out_of_range: `Choose a date from ${EARLIEST_DAY} to ${LATEST_DAY}.`,
  too_many_dates: 'This pattern makes {count} time slots; at most {max} can be created at once.',
  no_dates_in_pattern: 'This pattern does not produce any future time slot.',
  quantity_below_sold:
    'The quantity cannot be lower than the {sold} tickets already sold for a time slot.',
  per_order_invalid: 'The maximum per order must be at least the minimum.',
  sales_window_invalid: 'Sales must end after they start.',
  promo_code_taken: 'This event already has this promo code (codes ignore letter case).',
  max_uses_below_uses:
    'The maximum uses cannot be lower than the {uses} times it was already used.',
  promo_value_exceeds_price:
    'A fixed discount cannot exceed the price of a ticket it applies to ({price}).',
  ticket_category_not_in_event: 'This ticket category does not belong to the event.',
  cannot_follow_self: 'You cannot follow yourself.',
  range_invalid: 'The end of this range comes before its start.',
  rating_not_allowed:
    'You can rate an event once a time slot you held a valid ticket for has ended.',
  already_rated: 'You have already rated this event. You can change your rating instead.',
  cannot_rate_own_event: 'You cannot rate your own event.',
  event_not_bookable: 'This event cannot be booked: it is cancelled, over or not published.',
  sales_closed: 'Tickets are not on sale for this right now.',
  sold_out: 'Not enough tickets left: {available} available.',
  max_per_order_exceeded:
    'Too many tickets: at most {max} per order, and {remaining} more for this time slot.',
  below_min_per_order: 'This ticket is sold at least {min} at a time.',
  duplicate_ticket_category: 'Each ticket category may appear once in an order.',
  hold_limit:
    'You already have {max} unpaid bookings on hold. Pay for one or let it go before booking again.',
  hold_expired: 'Your hold on these tickets has expired. Please book again.',
  'hold_expired.refunded':
    'Your hold expired and the tickets were taken meanwhile. Your payment of {refunded} has been refunded.',
  booking_not_pending: 'This booking is no longer waiting for payment.',
  booking_already_paid: 'This booking is already paid.',
  'booking_already_paid.refunded':
    'This booking was already paid. The second payment of {refunded} has been refunded.',
  'max_per_order_exceeded.refunded':
    'You already hold the most tickets allowed for this time slot. Your payment of {refunded} has been refunded.',
  'event_not_bookable.refunded':
    'This event can no longer be booked. Your payment of {refunded} has been refunded.',
  payment_in_progress:
    'A payment for this booking is already being processed. Try again in a moment.',
  promo_code_invalid: 'This promo code is not valid for this event.',
  promo_code_expired: 'This promo code has expired.',
  promo_code_exhausted: 'This promo code has been used up.',
  promo_code_not_applicable: 'This promo code does not apply to the tickets you chose.',
  payment_declined: 'Your card was declined. Try another card.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  payment_method_invalid: 'This card number is not valid.',
  refund_exceeds_capture: 'This refund would exceed what was paid.',
  ticket_not_in_booking: 'This ticket is not part of the booking.',
  ticket_not_refundable: 'This ticket cannot be refunded (it is used, refunded or not issued).',
  no_tickets: 'There are no tickets left to cancel in this booking.',
  ticket_not_editable:
    'The attendee of this ticket can no longer be changed: it was used, cancelled or refunded, or its hold expired.',
  deadline_passed: 'The refund deadline for this time slot has passed.',
  not_refundable: 'Tickets to this event are not refundable.',
  not_paid: 'This booking has not been paid.',
  event_cancelled: 'The event was cancelled; its tickets are refunded automatically.',
  already_exists: 'This address is already one of your ushers.',
  ticket_not_pending_approval: 'This ticket is not waiting for approval.',
  check_in_not_undoable:
    'This scan did not check the ticket in, or the check-in was already undone.',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different request.',
  idempotency_request_in_progress:
    'A request with this Idempotency-Key is still being processed. Try again in a moment.',
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
  multipart_invalid: 'تعذّرت قراءة الملف المرفوع. أرسله مرة أخرى بصيغة multipart/form-data.',
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
  'otp_invalid.remaining_attempts': 'هذا الرمز غير صحيح. المحاولات المتبقية: {remaining_attempts}.',
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
  timezone_invalid: 'هذه ليست منطقة زمنية معروفة.',
  currency_not_supported: 'هذه العملة غير مدعومة.',
  venue_required: 'الفعالية الحضورية تحتاج إلى اسم المكان.',
  online_url_required: 'الفعالية عبر الإنترنت تحتاج إلى رابطها.',
  coordinates_incomplete: 'أدخل خط العرض وخط الطول معًا أو اتركهما فارغين.',
  event_not_editable: 'لا يمكن تعديل فعالية أُلغيت أو انتهت.',
  currency_locked: 'لا يمكن تغيير العملة بعد نشر الفعالية.',
  status_transition_invalid: 'لا يمكن نقل الفعالية من "{from}" إلى "{to}".',
  publish_requires_date: 'أضف موعدًا قادمًا واحدًا على الأقل قبل النشر.',
  publish_requires_ticket_category: 'أضف فئة تذاكر واحدة على الأقل قبل النشر.',
  publish_limit_reached:
    'نشرت {limit} فعاليات هذا الشهر، وهو الحد الأقصى. حاول مجددًا الشهر القادم.',
  date_in_past: 'هذا التاريخ في الماضي.',
  date_order_invalid: 'يجب أن تكون النهاية بعد البداية.',
  date_taken: 'لدى هذه الفعالية موعد يبدأ في هذا الوقت بالفعل.',
  date_out_of_range: `اختر تاريخًا من ${EARLIEST_DAY} إلى ${LATEST_DAY}.`,
  too_many_dates: 'هذا النمط ينتج {count} موعدًا؛ الحد الأقصى دفعة واحدة هو {max}.',
  no_dates_in_pattern: 'هذا النمط لا ينتج أي موعد قادم.',
  quantity_below_sold: 'لا يمكن أن تقل الكمية عن {sold} تذكرة بيعت بالفعل لأحد المواعيد.',
  per_order_invalid: 'يجب ألا يقل الحد الأقصى للطلب عن الحد الأدنى.',
  sales_window_invalid: 'يجب أن ينتهي البيع بعد أن يبدأ.',
  promo_code_taken: 'لدى هذه الفعالية رمز الخصم هذا بالفعل (لا فرق بين الأحرف الكبيرة والصغيرة).',
  max_uses_below_uses:
    'لا يمكن أن يقل الحد الأقصى للاستخدام عن {uses} مرة استُخدم فيها الرمز بالفعل.',
  promo_value_exceeds_price: 'لا يمكن أن يتجاوز الخصم الثابت سعر تذكرة يُطبّق عليها ({price}).',
  ticket_category_not_in_event: 'فئة التذاكر هذه لا تتبع هذه الفعالية.',
  cannot_follow_self: 'لا يمكنك متابعة نفسك.',
  range_invalid: 'نهاية هذا النطاق تسبق بدايته.',
  rating_not_allowed: 'يمكنك تقييم الفعالية بعد انتهاء موعد كانت لديك تذكرة صالحة له.',
  already_rated: 'لقد قيّمت هذه الفعالية من قبل. يمكنك تعديل تقييمك بدلًا من ذلك.',
  cannot_rate_own_event: 'لا يمكنك تقييم فعاليتك.',
  event_not_bookable: 'لا يمكن حجز هذه الفعالية: فهي ملغاة أو منتهية أو غير منشورة.',
  sales_closed: 'التذاكر غير معروضة للبيع الآن.',
  sold_out: 'لا تكفي التذاكر المتبقية: المتاح {available}.',
  max_per_order_exceeded:
    'عدد التذاكر كبير: الحد الأقصى {max} في الطلب، ويمكنك أخذ {remaining} أخرى لهذا الموعد.',
  below_min_per_order: 'تُباع هذه التذكرة {min} على الأقل في المرة الواحدة.',
  duplicate_ticket_category: 'تظهر كل فئة تذاكر مرة واحدة في الطلب.',
  hold_limit: 'لديك بالفعل {max} حجوزات محجوزة غير مدفوعة. ادفع أحدها أو ألغِه قبل الحجز من جديد.',
  hold_expired: 'انتهت مهلة حجز هذه التذاكر. يُرجى الحجز من جديد.',
  'hold_expired.refunded':
    'انتهت مهلة الحجز وبيعت التذاكر في الأثناء. أُعيد إليك مبلغ {refunded} الذي دفعته.',
  booking_not_pending: 'لم يعد هذا الحجز بانتظار الدفع.',
  booking_already_paid: 'هذا الحجز مدفوع بالفعل.',
  'booking_already_paid.refunded':
    'هذا الحجز مدفوع بالفعل. أُعيد إليك مبلغ الدفعة الثانية {refunded}.',
  'max_per_order_exceeded.refunded':
    'لديك بالفعل أقصى عدد مسموح به من التذاكر لهذا الموعد. أُعيد إليك مبلغ {refunded} الذي دفعته.',
  'event_not_bookable.refunded':
    'لم يعد ممكنًا حجز هذه الفعالية. أُعيد إليك مبلغ {refunded} الذي دفعته.',
  payment_in_progress: 'يجري الآن تنفيذ دفعة لهذا الحجز. أعد المحاولة بعد قليل.',
  promo_code_invalid: 'رمز الخصم هذا غير صالح لهذه الفعالية.',
  promo_code_expired: 'انتهت صلاحية رمز الخصم هذا.',
  promo_code_exhausted: 'استُنفد رمز الخصم هذا.',
  promo_code_not_applicable: 'رمز الخصم هذا لا ينطبق على التذاكر التي اخترتها.',
  payment_declined: 'رُفضت بطاقتك. جرّب بطاقة أخرى.',
  insufficient_funds: 'رصيد بطاقتك غير كافٍ. جرّب بطاقة أخرى.',
  payment_method_invalid: 'رقم البطاقة هذا غير صالح.',
  refund_exceeds_capture: 'هذا الاسترداد يتجاوز المبلغ المدفوع.',
  ticket_not_in_booking: 'هذه التذكرة ليست ضمن الحجز.',
  ticket_not_refundable: 'لا يمكن استرداد هذه التذكرة (مستخدمة أو مستردة أو غير صادرة).',
  no_tickets: 'لا توجد تذاكر متبقية لإلغائها في هذا الحجز.',
  ticket_not_editable:
    'لم يعد ممكنًا تغيير حاضر هذه التذكرة: فقد استُخدمت أو أُلغيت أو استُردت، أو انتهت مهلة حجزها.',
  deadline_passed: 'انتهت مهلة الاسترداد لهذا الموعد.',
  not_refundable: 'تذاكر هذه الفعالية غير قابلة للاسترداد.',
  not_paid: 'لم يُدفع هذا الحجز.',
  event_cancelled: 'أُلغيت الفعالية؛ تُسترد قيمة تذاكرها تلقائيًا.',
  already_exists: 'هذا العنوان ضمن فريق الاستقبال لديك بالفعل.',
  ticket_not_pending_approval: 'هذه التذكرة لا تنتظر الموافقة.',
  check_in_not_undoable: 'لم يسجّل هذا المسح دخول التذكرة، أو أُلغي تسجيل الدخول من قبل.',
  idempotency_key_reused: 'استُخدم مفتاح Idempotency-Key هذا من قبل لطلب مختلف.',
  idempotency_request_in_progress:
    'ما زال طلب بمفتاح Idempotency-Key هذا قيد المعالجة. أعد المحاولة بعد قليل.',
};

export const catalogs: Record<Language, Catalog> = { en, ar };

export function translate(
  language: Language,
  code: string,
  params: Record<string, string | number> = {},
): string {
  // A variant keyed by a param (`hold_expired.refunded`) says more when that value is known.
  const variant = Object.keys(params)
    .map((name) => `${code}.${name}`)
    .find((key) => key in catalogs.en);
  const template =
    (variant && catalogs[language][variant]) ??
    catalogs[language][code] ??
    catalogs.en[code] ??
    catalogs[language].invalid ??
    code;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
