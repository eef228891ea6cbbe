import { offsetMinutesAt } from './zoned-time';

/**
 * Time zones as people read them — "Riyadh time (GMT+3)", "توقيت الرياض (غرينتش+3)" — never a
 * raw IANA name. The English city is the zone's own last part; Arabic cities and each zone's
 * country come from this small curated map (the region and its neighbours, and the world's large
 * cities); countries are named by the runtime's Intl.DisplayNames. Nothing is downloaded.
 */
interface ZonePlace {
  /** The city in Arabic. */
  ar: string;
  /** ISO 3166 region, named by Intl.DisplayNames in either language. */
  country: string;
  /** The city in English when the zone's last part is not it (Asia/Qatar → Doha). */
  en?: string;
}

const PLACES: Record<string, ZonePlace> = {
  'Asia/Riyadh': { ar: 'الرياض', country: 'SA' },
  'Asia/Dubai': { ar: 'دبي', country: 'AE' },
  'Asia/Kuwait': { ar: 'الكويت', country: 'KW', en: 'Kuwait City' },
  'Asia/Qatar': { ar: 'الدوحة', country: 'QA', en: 'Doha' },
  'Asia/Bahrain': { ar: 'المنامة', country: 'BH', en: 'Manama' },
  'Asia/Muscat': { ar: 'مسقط', country: 'OM' },
  'Asia/Aden': { ar: 'عدن', country: 'YE' },
  'Asia/Baghdad': { ar: 'بغداد', country: 'IQ' },
  'Asia/Amman': { ar: 'عمّان', country: 'JO' },
  'Asia/Beirut': { ar: 'بيروت', country: 'LB' },
  'Asia/Damascus': { ar: 'دمشق', country: 'SY' },
  'Asia/Gaza': { ar: 'غزة', country: 'PS' },
  'Asia/Hebron': { ar: 'الخليل', country: 'PS' },
  'Africa/Cairo': { ar: 'القاهرة', country: 'EG' },
  'Africa/Khartoum': { ar: 'الخرطوم', country: 'SD' },
  'Africa/Tripoli': { ar: 'طرابلس', country: 'LY' },
  'Africa/Tunis': { ar: 'تونس', country: 'TN' },
  'Africa/Algiers': { ar: 'الجزائر', country: 'DZ' },
  'Africa/Casablanca': { ar: 'الدار البيضاء', country: 'MA' },
  'Africa/Nouakchott': { ar: 'نواكشوط', country: 'MR' },
  'Africa/Djibouti': { ar: 'جيبوتي', country: 'DJ' },
  'Africa/Mogadishu': { ar: 'مقديشو', country: 'SO' },
  'Indian/Comoro': { ar: 'موروني', country: 'KM', en: 'Moroni' },
  'Asia/Tehran': { ar: 'طهران', country: 'IR' },
  'Europe/Istanbul': { ar: 'إسطنبول', country: 'TR' },
  'Asia/Karachi': { ar: 'كراتشي', country: 'PK' },
  'Asia/Kolkata': { ar: 'كولكاتا', country: 'IN' },
  'Asia/Calcutta': { ar: 'كولكاتا', country: 'IN', en: 'Kolkata' },
  'Asia/Dhaka': { ar: 'دكا', country: 'BD' },
  'Asia/Jakarta': { ar: 'جاكرتا', country: 'ID' },
  'Asia/Kuala_Lumpur': { ar: 'كوالالمبور', country: 'MY' },
  'Asia/Singapore': { ar: 'سنغافورة', country: 'SG' },
  'Asia/Shanghai': { ar: 'شنغهاي', country: 'CN' },
  'Asia/Tokyo': { ar: 'طوكيو', country: 'JP' },
  'Asia/Seoul': { ar: 'سول', country: 'KR' },
  'Europe/London': { ar: 'لندن', country: 'GB' },
  'Europe/Paris': { ar: 'باريس', country: 'FR' },
  'Europe/Berlin': { ar: 'برلين', country: 'DE' },
  'Europe/Madrid': { ar: 'مدريد', country: 'ES' },
  'Europe/Rome': { ar: 'روما', country: 'IT' },
  'Europe/Amsterdam': { ar: 'أمستردام', country: 'NL' },
  'Europe/Brussels': { ar: 'بروكسل', country: 'BE' },
  'Europe/Vienna': { ar: 'فيينا', country: 'AT' },
  'Europe/Stockholm': { ar: 'ستوكهولم', country: 'SE' },
  'Europe/Athens': { ar: 'أثينا', country: 'GR' },
  'Europe/Moscow': { ar: 'موسكو', country: 'RU' },
  'America/New_York': { ar: 'نيويورك', country: 'US' },
  'America/Chicago': { ar: 'شيكاغو', country: 'US' },
  'America/Denver': { ar: 'دنفر', country: 'US' },
  'America/Los_Angeles': { ar: 'لوس أنجلوس', country: 'US' },
  'America/Toronto': { ar: 'تورنتو', country: 'CA' },
  'America/Mexico_City': { ar: 'مكسيكو سيتي', country: 'MX' },
  'America/Sao_Paulo': { ar: 'ساو باولو', country: 'BR' },
  'Australia/Sydney': { ar: 'سيدني', country: 'AU' },
  'Africa/Lagos': { ar: 'لاغوس', country: 'NG' },
  'Africa/Nairobi': { ar: 'نيروبي', country: 'KE' },
  'Africa/Addis_Ababa': { ar: 'أديس أبابا', country: 'ET' },
  'Africa/Johannesburg': { ar: 'جوهانسبرغ', country: 'ZA' },
};

type Language = 'en' | 'ar';

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Universal']);

/** "GMT+3", "GMT-4", "GMT+5:30", "GMT"; "غرينتش+3" in Arabic (Latin digits, as the app's). */
export function gmtOffsetText(timeZone: string, language: Language, at: Date = new Date()): string {
  const minutes = offsetMinutesAt(at, timeZone);
  const prefix = language === 'ar' ? 'غرينتش' : 'GMT';
  if (minutes === 0) return prefix;
  const absolute = Math.abs(minutes);
  const rest = absolute % 60;
  const sign = minutes < 0 ? '-' : '+';
  return `${prefix}${sign}${Math.floor(absolute / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** The zone's city in a language: "Riyadh", "الرياض", "New York"; null for UTC. */
export function timeZoneCity(timeZone: string, language: Language): string | null {
  if (UTC_NAMES.has(timeZone)) return null;
  const place = PLACES[timeZone];
  if (language === 'ar' && place) return place.ar;
  if (place?.en) return place.en;
  const last = timeZone.split('/').pop() ?? timeZone;
  return last.replace(/_/g, ' ');
}

/**
 * The zone's generic name in Arabic from the runtime ("توقيت وسط أوروبا"), for zones the map
 * does not name; null when the runtime only knows an offset.
 */
function genericArabicName(timeZone: string): string | null {
  try {
    const name = new Intl.DateTimeFormat('ar', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && !/^(GMT|UTC|غرينتش|توقيت غرينتش)/.test(name) ? name : null;
  } catch {
    return null;
  }
}

/**
 * "Riyadh time (GMT+3)" / "توقيت الرياض (غرينتش+3)"; "UTC" / "التوقيت العالمي (غرينتش)". The
 * offset is the one at `at` (a slot's start), so summer time shows as it will be.
 */
export function timeZoneLabel(timeZone: string, language: Language, at: Date = new Date()): string {
  const offset = gmtOffsetText(timeZone, language, at);
  const city = timeZoneCity(timeZone, language);
  if (city === null) return language === 'ar' ? `التوقيت العالمي (${offset})` : `UTC (${offset})`;
  if (language === 'en') return `${city} time (${offset})`;
  if (PLACES[timeZone]) return `توقيت ${city} (${offset})`;
  const generic = genericArabicName(timeZone);
  return `${generic ?? `توقيت ${city}`} (${offset})`;
}

/** Every mapped zone's city in English and Arabic (["Riyadh", "الرياض"], ["Kuwait City", "الكويت"]). */
export function zoneCities(): Array<{ en: string; ar: string }> {
  return Object.keys(PLACES).map((zone) => ({
    en: timeZoneCity(zone, 'en') ?? zone,
    ar: PLACES[zone]!.ar,
  }));
}

/** The zone's country in a language ("Saudi Arabia", "السعودية"), or null when unknown. */
export function timeZoneCountry(timeZone: string, language: Language): string | null {
  const code = PLACES[timeZone]?.country;
  if (!code) return null;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? null;
  } catch {
    return null;
  }
}

/** Arabic and Latin text folded for search: no diacritics or tatweel, one alef, ه for ة, ي for ى. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[_/]/g, ' ')
    .trim();
}

/**
 * Everything a zone may be searched by, in both languages whatever the page's: its IANA name,
 * cities and countries in English and Arabic, folded.
 */
export function timeZoneSearchText(timeZone: string): string {
  const parts = [
    timeZone,
    timeZoneCity(timeZone, 'en'),
    timeZoneCity(timeZone, 'ar'),
    timeZoneCountry(timeZone, 'en'),
    timeZoneCountry(timeZone, 'ar'),
  ];
  return foldForSearch(parts.filter(Boolean).join(' '));
}
