import type { HomeSectionSetting } from '@hafla/shared/catalog/app-config';
import { MAX_UPLOAD_BYTES } from '@hafla/shared/common/limits';

/** Platform content every new installation starts with, in English and Arabic. */
export const seedCategories = [
  {
    slug: 'music',
    icon: '🎵',
    name_en: 'Music',
    name_ar: 'موسيقى',
    description_en: 'Concerts, festivals and live sets.',
    description_ar: 'حفلات موسيقية ومهرجانات وعروض حية.',
  },
  {
    slug: 'theatre',
    icon: '🎭',
    name_en: 'Theatre',
    name_ar: 'مسرح',
    description_en: 'Plays, musicals and stand-up.',
    description_ar: 'مسرحيات وعروض موسيقية وكوميديا.',
  },
  {
    slug: 'sports',
    icon: '⚽',
    name_en: 'Sports',
    name_ar: 'رياضة',
    description_en: 'Matches, races and tournaments.',
    description_ar: 'مباريات وسباقات وبطولات.',
  },
  {
    slug: 'conferences',
    icon: '🎤',
    name_en: 'Conferences',
    name_ar: 'مؤتمرات',
    description_en: 'Talks, summits and meetups.',
    description_ar: 'محاضرات وقمم ولقاءات.',
  },
  {
    slug: 'workshops',
    icon: '🛠️',
    name_en: 'Workshops',
    name_ar: 'ورش عمل',
    description_en: 'Hands-on classes and courses.',
    description_ar: 'دروس ودورات تطبيقية.',
  },
  {
    slug: 'family',
    icon: '👨‍👩‍👧',
    name_en: 'Family',
    name_ar: 'عائلة',
    description_en: 'Days out for all ages.',
    description_ar: 'فعاليات لجميع الأعمار.',
  },
  {
    slug: 'food-drink',
    icon: '🍽️',
    name_en: 'Food & Drink',
    name_ar: 'طعام وشراب',
    description_en: 'Tastings, dinners and markets.',
    description_ar: 'تذوق وعشاء وأسواق.',
  },
  {
    slug: 'art',
    icon: '🖼️',
    name_en: 'Art & Culture',
    name_ar: 'فن وثقافة',
    description_en: 'Exhibitions, museums and heritage.',
    description_ar: 'معارض ومتاحف وتراث.',
  },
];

export const seedEventTypes = [
  { slug: 'in-person', name_en: 'In person', name_ar: 'حضوري' },
  { slug: 'online', name_en: 'Online', name_ar: 'عبر الإنترنت' },
  { slug: 'hybrid', name_en: 'Hybrid', name_ar: 'مختلط' },
  { slug: 'festival', name_en: 'Festival', name_ar: 'مهرجان' },
  { slug: 'tour', name_en: 'Tour', name_ar: 'جولة' },
];

export const seedFaq = [
  {
    question_en: 'How do I book tickets?',
    question_ar: 'كيف أحجز التذاكر؟',
    answer_en:
      'Open an event, pick a day and a time slot, choose your tickets and pay. Your tickets arrive by email and stay in My tickets.',
    answer_ar:
      'افتح الفعالية، واختر اليوم والموعد، ثم اختر تذاكرك وادفع. تصلك التذاكر بالبريد الإلكتروني وتبقى في قسم تذاكري.',
  },
  {
    question_en: 'How long are tickets held while I pay?',
    question_ar: 'كم من الوقت تُحجز التذاكر أثناء الدفع؟',
    answer_en:
      'Your tickets are held for 10 minutes. If you do not pay in time they are released for other people.',
    answer_ar: 'تُحجز تذاكرك لمدة 10 دقائق. إذا لم تدفع خلالها تُتاح لغيرك.',
  },
  {
    question_en: 'Can I cancel and get a refund?',
    question_ar: 'هل يمكنني الإلغاء واسترداد المبلغ؟',
    answer_en:
      'Each event has its own refund policy. The event page and your ticket show whether you can cancel and how much you get back.',
    answer_ar:
      'لكل فعالية سياسة استرداد خاصة بها. توضح صفحة الفعالية وتذكرتك إمكانية الإلغاء والمبلغ المسترد.',
  },
  {
    question_en: 'What happens if an event is cancelled?',
    question_ar: 'ماذا يحدث إذا أُلغيت الفعالية؟',
    answer_en:
      'If the organizer cancels an event, every ticket is refunded in full and you are notified.',
    answer_ar: 'إذا ألغى المنظم الفعالية، تُسترد قيمة كل التذاكر بالكامل ويصلك إشعار بذلك.',
  },
  {
    question_en: 'How do I enter the event?',
    question_ar: 'كيف أدخل إلى الفعالية؟',
    answer_en:
      'Show the QR code of your ticket at the door, on your phone or printed. The usher scans it once.',
    answer_ar: 'اعرض رمز QR الخاص بتذكرتك عند الباب، على هاتفك أو مطبوعًا. يمسحه المنظم مرة واحدة.',
  },
  {
    question_en: 'How do I become an organizer?',
    question_ar: 'كيف أصبح منظمًا؟',
    answer_en:
      'When you complete your registration, choose that you organize events and add your organization name.',
    answer_ar: 'عند إكمال تسجيلك، اختر أنك تنظم فعاليات وأضف اسم مؤسستك.',
  },
];

export const seedConfigurationPages = [
  {
    slug: 'terms',
    title_en: 'Terms of use',
    title_ar: 'شروط الاستخدام',
    body_en:
      'By using Hafla you agree to these terms.\n\nOrganizers are responsible for their events, their prices and their refund policies. Attendees buy tickets from the organizer; Hafla provides the platform.\n\nTickets are personal and valid once. Reselling tickets above their price is not allowed.',
    body_ar:
      'باستخدامك حفلة فإنك توافق على هذه الشروط.\n\nالمنظمون مسؤولون عن فعالياتهم وأسعارها وسياسات الاسترداد الخاصة بها. يشتري الحضور التذاكر من المنظم، وتوفر حفلة المنصة.\n\nالتذاكر شخصية وصالحة لمرة واحدة. لا يُسمح بإعادة بيع التذاكر بأكثر من سعرها.',
  },
  {
    slug: 'privacy',
    title_en: 'Privacy policy',
    title_ar: 'سياسة الخصوصية',
    body_en:
      'We keep only what we need to run your bookings: your account, your tickets and your payments.\n\nOrganizers see the names and contact details of their ticket holders so they can run the guest list.\n\nYou can ask for your data to be exported or deleted at any time.',
    body_ar:
      'نحتفظ فقط بما نحتاجه لإدارة حجوزاتك: حسابك وتذاكرك ومدفوعاتك.\n\nيرى المنظمون أسماء حاملي التذاكر وبيانات التواصل معهم لإدارة قائمة الضيوف.\n\nيمكنك طلب تصدير بياناتك أو حذفها في أي وقت.',
  },
  {
    slug: 'about',
    title_en: 'About Hafla',
    title_ar: 'عن حفلة',
    body_en:
      'Hafla is an open-source platform for discovering, creating and booking events, in English and Arabic.\n\nIt never sells the same ticket twice, gives organizers a free seat-map designer, and updates in real time.',
    body_ar:
      'حفلة منصة مفتوحة المصدر لاكتشاف الفعاليات وإنشائها وحجزها، بالعربية والإنجليزية.\n\nلا تبيع التذكرة نفسها مرتين أبدًا، وتمنح المنظمين مصممًا مجانيًا لخرائط المقاعد، وتتحدث لحظيًا.',
  },
];

export const seedHomeSections: HomeSectionSetting[] = [
  section('categories', 'categories', 'Browse by category', 'تصفح حسب الفئة'),
  section('featured', 'featured', 'Featured', 'فعاليات مميزة'),
  section('upcoming', 'upcoming', 'Coming up soon', 'قريبًا'),
  section('this-weekend', 'this_weekend', 'This weekend', 'في عطلة نهاية الأسبوع'),
  section('near-me', 'near_me', 'Near you', 'بالقرب منك'),
  section('music', 'category', 'Music and concerts', 'موسيقى وحفلات', 'music'),
  section('popular', 'popular', 'Popular now', 'الأكثر رواجًا'),
  section('organizers', 'organizers', 'Organizers to follow', 'منظمون قد تتابعهم'),
].map((entry, index) => ({ ...entry, position: index + 1 }));

function section(
  id: string,
  kind: HomeSectionSetting['kind'],
  title_en: string,
  title_ar: string,
  category: string | null = null,
): Omit<HomeSectionSetting, 'position'> {
  return { id, kind, title_en, title_ar, category, hidden: false };
}

/** Limits and money settings read by later features; admins may change them. */
export const seedPlatformSettings = {
  events_published_per_month: 10,
  max_tickets_per_order: 10,
  hold_minutes: 10,
  /** Unpaid holds one user may keep open at once. */
  max_open_holds: 5,
  /** The platform's cut of each paid ticket: a percentage of what was paid plus a fixed part (minor units). */
  platform_fee_percent: 5,
  platform_fee_fixed: 0,
  /** Days after a slot ends before its earnings can be withdrawn. */
  payout_hold_days: 3,
  /** Smallest withdrawal request, in whole units of its currency (10 = SAR 10.00 = KWD 10.000). */
  withdrawal_minimum: 10,
  /** Above this amount (whole units) a withdrawal needs two different admins to approve it. */
  withdrawal_second_approval_above: 10_000,
  max_upload_bytes: MAX_UPLOAD_BYTES,
  default_currency: 'SAR',
  currencies: [
    { code: 'SAR', name_en: 'Saudi riyal', name_ar: 'ريال سعودي', minor_units: 2 },
    { code: 'AED', name_en: 'UAE dirham', name_ar: 'درهم إماراتي', minor_units: 2 },
    { code: 'EGP', name_en: 'Egyptian pound', name_ar: 'جنيه مصري', minor_units: 2 },
    { code: 'KWD', name_en: 'Kuwaiti dinar', name_ar: 'دينار كويتي', minor_units: 3 },
    { code: 'USD', name_en: 'US dollar', name_ar: 'دولار أمريكي', minor_units: 2 },
    { code: 'EUR', name_en: 'Euro', name_ar: 'يورو', minor_units: 2 },
  ],
  /**
   * What one whole unit of each currency is worth in the default currency, for the price filter
   * across currencies (approximate; admins keep them current).
   */
  exchange_rates: {
    SAR: 1,
    AED: 1.0211,
    EGP: 0.0771,
    KWD: 12.2,
    USD: 3.75,
    EUR: 4.05,
  } as Record<string, number>,
};
