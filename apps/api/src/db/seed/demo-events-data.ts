/**
 * Demo organizers and events, so a fresh installation has a living home page: Arabic and
 * English events across the seeded categories and event types, in Riyadh, Jeddah, Dubai, Cairo
 * and Kuwait (real coordinates), two online. Dates are relative to the day the seed runs.
 */

export interface DemoOrganizer {
  email: string;
  first_name: string;
  last_name: string;
  organization_name: string;
  bio: string;
  language: 'en' | 'ar';
}

/** Joined Hafla with the demo accounts; organizer@hafla.test (Nour Events) comes from there. */
export const demoOrganizers: DemoOrganizer[] = [
  {
    email: 'gulfstage@hafla.test',
    first_name: 'Sara',
    last_name: 'Mansour',
    organization_name: 'Gulf Stage Productions',
    bio: 'Concerts, comedy and family festivals across Dubai.',
    language: 'en',
  },
  {
    email: 'cairo-culture@hafla.test',
    first_name: 'منى',
    last_name: 'عبد الرحمن',
    organization_name: 'بيت القاهرة الثقافي',
    bio: 'حفلات ومعارض وجولات في قلب القاهرة.',
    language: 'ar',
  },
  {
    email: 'kuwait-tech@hafla.test',
    first_name: 'Yousef',
    last_name: 'Al-Mutairi',
    organization_name: 'Kuwait Tech Hub',
    bio: 'Summits, workshops and meetups for people who build software in Kuwait.',
    language: 'en',
  },
  {
    email: 'redsea@hafla.test',
    first_name: 'Faisal',
    last_name: 'Al-Harbi',
    organization_name: 'Red Sea Adventures',
    bio: 'Dives, heritage walks and sea trips in Jeddah.',
    language: 'en',
  },
];

/** Slots on given days from the seed day (0 = today), or on the coming weekends' days. */
export type DemoSchedule =
  { days: number[]; time: string; hours: number } | { weekends: true; time: string; hours: number };

export interface DemoEvent {
  /** Stable name, for the cover's pattern. */
  key: string;
  organizer: string;
  title: string;
  description: string;
  category: string;
  event_type: string;
  venue_name?: string;
  address?: string;
  location?: [latitude: number, longitude: number];
  online_url?: string;
  timezone: string;
  currency: string;
  schedule: DemoSchedule;
  tickets: Array<{ name: string; description?: string; price: number; quantity: number }>;
  promo?: { code: string; discount_type: 'percentage' | 'fixed'; value: number; max_uses?: number };
  is_featured?: boolean;
}

const NOUR = 'organizer@hafla.test';
const GULF = 'gulfstage@hafla.test';
const CAIRO = 'cairo-culture@hafla.test';
const KUWAIT = 'kuwait-tech@hafla.test';
const RED_SEA = 'redsea@hafla.test';

const RIYADH = { timezone: 'Asia/Riyadh', currency: 'SAR' };
const DUBAI = { timezone: 'Asia/Dubai', currency: 'AED' };
const CAIRO_ZONE = { timezone: 'Africa/Cairo', currency: 'EGP' };
const KUWAIT_ZONE = { timezone: 'Asia/Kuwait', currency: 'KWD' };

export const demoEvents: DemoEvent[] = [
  {
    key: 'nour-oud',
    organizer: NOUR,
    title: 'أمسية العود والطرب الأصيل',
    description:
      'ليلة مع نخبة من عازفي العود في الرياض، تعيد أجمل ألحان الطرب العربي الأصيل. تُفتح الأبواب قبل الحفل بساعة، والمقاعد مرقمة.',
    category: 'music',
    event_type: 'in-person',
    venue_name: 'مسرح بوليفارد رياض سيتي',
    address: 'حي حطين، الرياض',
    location: [24.7676, 46.6029],
    ...RIYADH,
    schedule: { days: [6, 13], time: '20:30', hours: 3 },
    tickets: [
      { name: 'عادي', price: 15_000, quantity: 300 },
      { name: 'كبار الشخصيات', description: 'الصفوف الأولى وضيافة', price: 45_000, quantity: 50 },
    ],
    promo: { code: 'NOUR20', discount_type: 'percentage', value: 20, max_uses: 100 },
    is_featured: true,
  },
  {
    key: 'nour-calligraphy',
    organizer: NOUR,
    title: 'معرض الخط العربي في الدرعية',
    description:
      'أعمال لأكثر من ثلاثين خطاطًا من المملكة والعالم العربي بين بيوت الطريف الطينية، مع عروض حية للكتابة بخط الثلث والديواني.',
    category: 'art',
    event_type: 'festival',
    venue_name: 'حي الطريف التاريخي',
    address: 'الدرعية، الرياض',
    location: [24.7335, 46.5753],
    ...RIYADH,
    schedule: { days: [1, 2, 3, 4, 5, 6, 7], time: '16:00', hours: 6 },
    tickets: [
      { name: 'دخول عام', price: 0, quantity: 500 },
      {
        name: 'جولة مع خطاط',
        description: 'جولة ساعة مع أحد الفنانين',
        price: 7_500,
        quantity: 20,
      },
    ],
  },
  {
    key: 'nour-theatre',
    organizer: NOUR,
    title: 'مسرحية بيت الجد',
    description:
      'كوميديا عائلية عن ثلاثة أجيال تحت سقف واحد، من تأليف وإخراج شباب سعوديين. مناسبة لجميع الأعمار.',
    category: 'theatre',
    event_type: 'in-person',
    venue_name: 'مسرح مركز الملك فهد الثقافي',
    address: 'الرياض',
    location: [24.6877, 46.7219],
    ...RIYADH,
    schedule: { days: [4, 5], time: '21:00', hours: 2 },
    tickets: [
      { name: 'مقاعد أمامية', price: 20_000, quantity: 100 },
      { name: 'مقاعد عامة', price: 10_000, quantity: 250 },
    ],
  },
  {
    key: 'nour-jeddah-finale',
    organizer: NOUR,
    title: 'الحفل الختامي لموسم جدة',
    description:
      'حفل في الهواء الطلق على الواجهة البحرية يختتم موسم جدة، مع فرقة موسيقية كاملة وألعاب نارية فوق البحر.',
    category: 'music',
    event_type: 'festival',
    venue_name: 'واجهة جدة البحرية',
    address: 'الكورنيش، جدة',
    location: [21.5937, 39.1067],
    ...RIYADH,
    schedule: { weekends: true, time: '20:00', hours: 4 },
    tickets: [
      { name: 'عادي', price: 25_000, quantity: 2_000 },
      { name: 'ذهبي', price: 60_000, quantity: 300 },
      { name: 'بلاتيني', price: 120_000, quantity: 60 },
    ],
    promo: { code: 'JEDDAH50', discount_type: 'fixed', value: 5_000 },
  },
  {
    key: 'nour-poetry',
    organizer: NOUR,
    title: 'أمسية شعرية في جدة التاريخية',
    description:
      'شعراء من الحجاز يلقون قصائدهم في فناء بيت نصيف، بين الرواشين الخشبية وقهوة الهيل. الدخول مجاني والمقاعد محدودة.',
    category: 'art',
    event_type: 'in-person',
    venue_name: 'بيت نصيف',
    address: 'البلد، جدة',
    location: [21.485, 39.186],
    ...RIYADH,
    schedule: { days: [9], time: '20:00', hours: 2 },
    tickets: [{ name: 'دخول مجاني', price: 0, quantity: 150 }],
  },
  {
    key: 'nour-photo',
    organizer: NOUR,
    title: 'ورشة التصوير الفوتوغرافي للمبتدئين',
    description:
      'ثلاث جلسات أسبوعية تتعلم فيها أساسيات الإضاءة والتكوين والتعريض بكاميرتك أو بهاتفك، وتنتهي بجولة تصوير في العليا.',
    category: 'workshops',
    event_type: 'in-person',
    venue_name: 'مساحة نور الإبداعية',
    address: 'العليا، الرياض',
    location: [24.7113, 46.6744],
    ...RIYADH,
    schedule: { days: [3, 10, 17], time: '18:00', hours: 3 },
    tickets: [{ name: 'مقعد في الورشة', price: 35_000, quantity: 20 }],
  },
  {
    key: 'gulf-jazz',
    organizer: GULF,
    title: 'Jazz Night at Dubai Opera',
    description:
      'A quartet from New Orleans and guests from the Gulf play standards and new work under the dhow-shaped roof of Dubai Opera.',
    category: 'music',
    event_type: 'in-person',
    venue_name: 'Dubai Opera',
    address: 'Downtown Dubai',
    location: [25.1956, 55.272],
    ...DUBAI,
    schedule: { days: [8, 9], time: '20:00', hours: 2.5 },
    tickets: [
      { name: 'Standard', price: 25_000, quantity: 400 },
      { name: 'Premium', description: 'Stalls, rows A–F', price: 55_000, quantity: 120 },
    ],
    is_featured: true,
  },
  {
    key: 'gulf-street-food',
    organizer: GULF,
    title: 'Dubai Street Food Weekend',
    description:
      'Forty stalls from Emirati, Levantine, Indian and Filipino kitchens, live music and a kids corner in the courtyards of Alserkal Avenue.',
    category: 'food-drink',
    event_type: 'festival',
    venue_name: 'Alserkal Avenue',
    address: 'Al Quoz, Dubai',
    location: [25.142, 55.2248],
    ...DUBAI,
    schedule: { weekends: true, time: '12:00', hours: 10 },
    tickets: [
      { name: 'Entry', price: 0, quantity: 2_000 },
      { name: 'Tasting pass', description: 'Ten tasting tokens', price: 9_500, quantity: 300 },
    ],
  },
  {
    key: 'gulf-comedy',
    organizer: GULF,
    title: 'Stand-up Comedy: Gulf Laughs',
    description:
      'Five comedians from across the region, one night, in English and a little Arabic. Ages 16 and over.',
    category: 'theatre',
    event_type: 'in-person',
    venue_name: 'Coca-Cola Arena',
    address: 'City Walk, Dubai',
    location: [25.2058, 55.2619],
    ...DUBAI,
    schedule: { days: [12], time: '21:00', hours: 2 },
    tickets: [
      { name: 'Standard', price: 15_000, quantity: 800 },
      { name: 'Front rows', price: 30_000, quantity: 100 },
    ],
    promo: { code: 'LAUGH10', discount_type: 'percentage', value: 10 },
  },
  {
    key: 'gulf-kids-science',
    organizer: GULF,
    title: 'Kids Science Festival',
    description:
      'Rockets, robots and slime: hands-on experiments for children aged 5 to 12, with shows every hour at Expo City.',
    category: 'family',
    event_type: 'festival',
    venue_name: 'Expo City Dubai',
    address: 'Dubai South',
    location: [24.9633, 55.148],
    ...DUBAI,
    schedule: { weekends: true, time: '10:00', hours: 6 },
    tickets: [
      { name: 'Child', price: 5_000, quantity: 600 },
      { name: 'Adult', price: 7_500, quantity: 600 },
      {
        name: 'Family pack',
        description: 'Two adults, two children',
        price: 20_000,
        quantity: 150,
      },
    ],
  },
  {
    key: 'gulf-desert-run',
    organizer: GULF,
    title: 'Al Qudra Desert Run',
    description:
      'A 5 km and a 10 km run at sunrise along the Al Qudra track, with water stations, timing chips and breakfast at the finish.',
    category: 'sports',
    event_type: 'in-person',
    venue_name: 'Al Qudra Cycle Track',
    address: 'Al Qudra Road, Dubai',
    location: [24.8347, 55.372],
    ...DUBAI,
    schedule: { days: [15], time: '06:00', hours: 4 },
    tickets: [
      { name: '10 km', price: 12_000, quantity: 500 },
      { name: '5 km', price: 8_000, quantity: 500 },
    ],
  },
  {
    key: 'cairo-opera',
    organizer: CAIRO,
    title: 'حفل روائع الموسيقى العربية',
    description:
      'الفرقة القومية للموسيقى العربية تقدم روائع أم كلثوم وعبد الوهاب وفيروز على المسرح الكبير بدار الأوبرا.',
    category: 'music',
    event_type: 'in-person',
    venue_name: 'دار الأوبرا المصرية',
    address: 'الجزيرة، القاهرة',
    location: [30.0425, 31.2244],
    ...CAIRO_ZONE,
    schedule: { days: [5, 12, 19], time: '20:00', hours: 2.5 },
    tickets: [
      { name: 'صالة', price: 40_000, quantity: 600 },
      { name: 'بلكون', price: 25_000, quantity: 400 },
    ],
  },
  {
    key: 'cairo-contemporary',
    organizer: CAIRO,
    title: 'معرض الفن المعاصر في الزمالك',
    description:
      'لوحات ومنحوتات وأعمال فيديو لفنانين مصريين شباب، في قاعات مركز الجزيرة للفنون المطلة على النيل.',
    category: 'art',
    event_type: 'in-person',
    venue_name: 'مركز الجزيرة للفنون',
    address: 'الزمالك، القاهرة',
    location: [30.0626, 31.2196],
    ...CAIRO_ZONE,
    schedule: { days: [1, 2, 3, 4, 5, 6], time: '11:00', hours: 8 },
    tickets: [{ name: 'دخول مجاني', price: 0, quantity: 300 }],
  },
  {
    key: 'cairo-walk',
    organizer: CAIRO,
    title: 'جولة القاهرة الإسلامية مشيًا',
    description:
      'ثلاث ساعات في شارع المعز بين المساجد والأسبلة والبيوت المملوكية مع مرشد متخصص في تاريخ العمارة.',
    category: 'art',
    event_type: 'tour',
    venue_name: 'شارع المعز لدين الله',
    address: 'الجمالية، القاهرة',
    location: [30.05, 31.2617],
    ...CAIRO_ZONE,
    schedule: { days: [2, 9, 16, 23], time: '09:00', hours: 3 },
    tickets: [{ name: 'تذكرة الجولة', price: 30_000, quantity: 25 }],
  },
  {
    key: 'cairo-food-market',
    organizer: CAIRO,
    title: 'سوق الأكل الشعبي في حديقة الأزهر',
    description:
      'فول وطعمية وكشري وحلويات شرقية من أشهر محلات القاهرة، مع عروض التنورة والموسيقى الشعبية عند الغروب.',
    category: 'food-drink',
    event_type: 'festival',
    venue_name: 'حديقة الأزهر',
    address: 'صلاح سالم، القاهرة',
    location: [30.0405, 31.2645],
    ...CAIRO_ZONE,
    schedule: { weekends: true, time: '16:00', hours: 6 },
    tickets: [{ name: 'دخول', price: 5_000, quantity: 1_000 }],
  },
  {
    key: 'cairo-museum-family',
    organizer: CAIRO,
    title: 'يوم العائلة في المتحف المصري الكبير',
    description:
      'ورش للأطفال عن الكتابة الهيروغليفية وصناعة التمائم، وجولة عائلية في قاعات توت عنخ آمون.',
    category: 'family',
    event_type: 'in-person',
    venue_name: 'المتحف المصري الكبير',
    address: 'الجيزة',
    location: [29.9946, 31.1187],
    ...CAIRO_ZONE,
    schedule: { days: [11], time: '10:00', hours: 5 },
    tickets: [
      { name: 'تذكرة عائلية', description: 'شخصان بالغان وطفلان', price: 60_000, quantity: 100 },
      { name: 'طفل إضافي', price: 10_000, quantity: 200 },
    ],
  },
  {
    key: 'kw-summit',
    organizer: KUWAIT,
    title: 'Gulf Developers Summit',
    description:
      'Two days of talks on cloud, mobile and AI from engineers who ship in the Gulf, plus a career fair and an evening meetup.',
    category: 'conferences',
    event_type: 'in-person',
    venue_name: 'Sheikh Jaber Al-Ahmad Cultural Centre',
    address: 'Kuwait City',
    location: [29.3746, 47.9861],
    ...KUWAIT_ZONE,
    schedule: { days: [20, 21], time: '09:00', hours: 8 },
    tickets: [
      { name: 'Standard', price: 25_000, quantity: 800 },
      { name: 'Student', price: 5_000, quantity: 200 },
      { name: 'VIP', description: 'Speakers dinner included', price: 75_000, quantity: 40 },
    ],
    promo: { code: 'EARLYBIRD', discount_type: 'percentage', value: 15, max_uses: 100 },
  },
  {
    key: 'kw-ml-online',
    organizer: KUWAIT,
    title: 'Introduction to Machine Learning (Online)',
    description:
      'A live two-hour session: what models learn, how to train one on your laptop, and where to go next. Questions welcome.',
    category: 'workshops',
    event_type: 'online',
    online_url: 'https://meet.hafla.test/intro-to-machine-learning',
    ...KUWAIT_ZONE,
    schedule: { days: [4], time: '18:00', hours: 2 },
    tickets: [{ name: 'Free seat', price: 0, quantity: 500 }],
  },
  {
    key: 'kw-pitch-night',
    organizer: KUWAIT,
    title: 'Startup Pitch Night',
    description:
      'Ten early-stage startups pitch to investors in five minutes each, in the hall and on the livestream. Networking after.',
    category: 'conferences',
    event_type: 'hybrid',
    venue_name: 'The Scientific Center',
    address: 'Salmiya, Kuwait',
    location: [29.3876, 48.0106],
    ...KUWAIT_ZONE,
    schedule: { days: [10], time: '19:00', hours: 3 },
    tickets: [
      { name: 'Attendee', price: 3_000, quantity: 120 },
      { name: 'Founder pitch slot', price: 10_000, quantity: 10 },
    ],
  },
  {
    key: 'kw-ux-sprint',
    organizer: KUWAIT,
    title: 'UX Design Sprint Workshop',
    description:
      'Run a full design sprint in two days: map, sketch, decide, prototype and test with real users. Laptops needed.',
    category: 'workshops',
    event_type: 'in-person',
    venue_name: 'Sheikh Abdullah Al-Salem Cultural Centre',
    address: 'Kuwait City',
    location: [29.3668, 47.9942],
    ...KUWAIT_ZONE,
    schedule: { days: [7, 8], time: '10:00', hours: 6 },
    tickets: [{ name: 'Workshop seat', price: 45_000, quantity: 30 }],
  },
  {
    key: 'kw-product-webinar',
    organizer: KUWAIT,
    title: 'Product Management in the Gulf (Webinar)',
    description:
      'Three product leaders from Kuwait, Riyadh and Dubai on building for bilingual users, payments and launches in the region.',
    category: 'conferences',
    event_type: 'online',
    online_url: 'https://meet.hafla.test/product-management-gulf',
    timezone: 'Asia/Kuwait',
    currency: 'USD',
    schedule: { days: [6], time: '17:00', hours: 1.5 },
    tickets: [{ name: 'Free registration', price: 0, quantity: 1_000 }],
  },
  {
    key: 'rs-dive',
    organizer: RED_SEA,
    title: 'Red Sea Discovery Dive',
    description:
      'A morning boat trip to the reefs off Obhur with two guided dives. Beginners dive with an instructor; all gear included.',
    category: 'sports',
    event_type: 'tour',
    venue_name: 'Obhur Marina',
    address: 'North Obhur, Jeddah',
    location: [21.72, 39.095],
    ...RIYADH,
    schedule: { days: [3, 10], time: '08:00', hours: 5 },
    tickets: [
      { name: 'Discovery dive', description: 'No licence needed', price: 45_000, quantity: 12 },
      { name: 'Certified diver', price: 35_000, quantity: 12 },
    ],
  },
  {
    key: 'rs-heritage-walk',
    organizer: RED_SEA,
    title: 'Al-Balad Heritage Walk',
    description:
      'Walk the coral-stone houses and old souks of historic Jeddah at golden hour, ending with tea in a restored merchant house.',
    category: 'art',
    event_type: 'tour',
    venue_name: 'Bab Makkah',
    address: 'Al-Balad, Jeddah',
    location: [21.4833, 39.1913],
    ...RIYADH,
    schedule: { weekends: true, time: '17:00', hours: 2 },
    tickets: [
      { name: 'Adult', price: 5_000, quantity: 30 },
      { name: 'Child under 12', price: 0, quantity: 10 },
    ],
  },
  {
    key: 'rs-kayak',
    organizer: RED_SEA,
    title: 'Sunset Kayak on the Corniche',
    description:
      'Paddle along the Jeddah Corniche as the sun sets, with a guide and safety boat. Kayaks and life jackets provided.',
    category: 'sports',
    event_type: 'in-person',
    venue_name: 'Jeddah Corniche',
    address: 'Corniche Road, Jeddah',
    location: [21.6, 39.108],
    ...RIYADH,
    schedule: { days: [2, 5, 9], time: '16:30', hours: 2 },
    tickets: [{ name: 'Kayak seat', price: 15_000, quantity: 20 }],
  },
];

/** What the demo attendee (attendee@hafla.test) starts with. */
export const demoAttendeeFollows = [NOUR];
export const demoAttendeeWishlist = ['gulf-jazz', 'cairo-opera'];

/** Cover colours by category: two ends of a gradient. */
export const coverPalettes: Record<string, [string, string]> = {
  music: ['#8A2BE2', '#E22B6B'],
  theatre: ['#3A0CA3', '#B5179E'],
  sports: ['#0077B6', '#00B4D8'],
  conferences: ['#1D3557', '#457B9D'],
  workshops: ['#1B7F74', '#E9C46A'],
  family: ['#F4A261', '#E76F51'],
  'food-drink': ['#D62828', '#F7B801'],
  art: ['#6A040F', '#F48C06'],
};
