import { foldForSearch, zoneCities } from './time-zone-names';

/**
 * A city's names in both languages, so a search typed in one finds events whose address is
 * written in the other ("Cairo" finds "القاهرة"): the time zones' cities and the region's other
 * large ones. The first name of each language is the one a search is widened with; the others
 * are spellings people also type.
 */
interface City {
  en: readonly string[];
  ar: readonly string[];
}

const REGION_CITIES: readonly City[] = [
  { en: ['Jeddah', 'Jiddah', 'Jedda'], ar: ['جدة'] },
  { en: ['Mecca', 'Makkah'], ar: ['مكة', 'مكة المكرمة'] },
  { en: ['Medina', 'Madinah'], ar: ['المدينة المنورة'] },
  { en: ['Dammam'], ar: ['الدمام'] },
  { en: ['Khobar', 'Al Khobar'], ar: ['الخبر'] },
  { en: ['Dhahran'], ar: ['الظهران'] },
  { en: ['Taif'], ar: ['الطائف'] },
  { en: ['Abha'], ar: ['أبها'] },
  { en: ['Tabuk'], ar: ['تبوك'] },
  { en: ['AlUla', 'Al Ula'], ar: ['العلا'] },
  { en: ['Abu Dhabi'], ar: ['أبوظبي', 'أبو ظبي'] },
  { en: ['Sharjah'], ar: ['الشارقة'] },
  { en: ['Ajman'], ar: ['عجمان'] },
  { en: ['Al Ain'], ar: ['العين'] },
  { en: ['Ras Al Khaimah'], ar: ['رأس الخيمة'] },
  { en: ['Fujairah'], ar: ['الفجيرة'] },
  { en: ['Kuwait'], ar: ['الكويت'] },
  { en: ['Alexandria'], ar: ['الإسكندرية'] },
  { en: ['Giza'], ar: ['الجيزة'] },
  { en: ['Luxor'], ar: ['الأقصر'] },
  { en: ['Aswan'], ar: ['أسوان'] },
  { en: ['Sharm El Sheikh', 'Sharm el-Sheikh'], ar: ['شرم الشيخ'] },
  { en: ['Hurghada'], ar: ['الغردقة'] },
  { en: ['Salalah'], ar: ['صلالة'] },
  { en: ['Irbid'], ar: ['إربد'] },
  { en: ['Aqaba'], ar: ['العقبة'] },
  { en: ['Basra'], ar: ['البصرة'] },
  { en: ['Erbil'], ar: ['أربيل'] },
  { en: ['Marrakesh', 'Marrakech'], ar: ['مراكش'] },
  { en: ['Rabat'], ar: ['الرباط'] },
  { en: ['Fes', 'Fez'], ar: ['فاس'] },
  { en: ['Tangier'], ar: ['طنجة'] },
  { en: ['Oran'], ar: ['وهران'] },
  { en: ['Sfax'], ar: ['صفاقس'] },
  { en: ['Benghazi'], ar: ['بنغازي'] },
  { en: ['Omdurman'], ar: ['أم درمان'] },
  { en: ['Aleppo'], ar: ['حلب'] },
  { en: ['Homs'], ar: ['حمص'] },
  { en: ['Jerusalem'], ar: ['القدس'] },
  { en: ['Ramallah'], ar: ['رام الله'] },
  { en: ['Sanaa', "Sana'a"], ar: ['صنعاء'] },
];

const CITIES: readonly City[] = [
  ...zoneCities().map(({ en, ar }) => ({ en: [en], ar: [ar] })),
  ...REGION_CITIES,
];

/** Words as the database's search folds them: folded letters, no leading article "ال". */
function wordsOf(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => (word.length >= 4 && word.startsWith('ال') ? word.slice(2) : word));
}

const NAMES: ReadonlyArray<{ words: string[]; other: string }> = CITIES.flatMap((city) => [
  ...city.en.map((name) => ({ words: wordsOf(name), other: city.ar[0]! })),
  ...city.ar.map((name) => ({ words: wordsOf(name), other: city.en[0]! })),
]);

/** At most this many searches are asked at once (the typed one and its widenings). */
const MAX_ALTERNATIVES = 4;

/**
 * What a search asks for: the text as typed, then the same text with a city's name in the other
 * language in place of the one typed ("jazz Cairo" → "jazz القاهرة"), one city at a time. The
 * database matches any of them, each as it matches the text alone (every word, as a prefix).
 */
export function searchAlternatives(text: string): string[] {
  const words = wordsOf(text);
  const alternatives = [text];
  for (const name of NAMES) {
    const length = name.words.length;
    for (let start = 0; start + length <= words.length; start++) {
      if (!name.words.every((word, offset) => words[start + offset] === word)) continue;
      const widened = [...words.slice(0, start), name.other, ...words.slice(start + length)];
      const alternative = widened.join(' ');
      if (!alternatives.includes(alternative)) alternatives.push(alternative);
      if (alternatives.length === MAX_ALTERNATIVES) return alternatives;
    }
  }
  return alternatives;
}
