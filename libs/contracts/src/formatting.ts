// The one place numbers, money and dates become text, for `en-IN` and `hi-IN`: Indian digit grouping (lakh,
// crore), ₹ and dd/mm/yyyy in both languages, on the academy's clock (IST) whatever the device's zone.
// The front end binds these to the current language (`useFormat` in @academy/platform); services pass the
// recipient's language. Each formatter is built once per language, when first used: constructing Intl objects is slow.
import { CURRENCY_SYMBOL } from './money.js';
import { DEFAULT_UI_LANGUAGE, UI_LOCALES, type UiLanguage } from './languages.js';

const ACADEMY_TIME_ZONE = 'Asia/Kolkata';

/** How each kind of text is built for a locale: Intl objects, created only when that kind is first shown. */
const BUILD_FORMATTER = {
  rupees: (locale: string) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  integer: (locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  compact: (locale: string) => new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 }),
  // en-IN writes 26/11/2026 too; en-GB is kept out so both languages come from their own locale's data.
  date: (locale: string) => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ACADEMY_TIME_ZONE }),
  longDate: (locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: ACADEMY_TIME_ZONE }),
  time: (locale: string) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: ACADEMY_TIME_ZONE }),
  plural: (locale: string) => new Intl.PluralRules(locale),
};

type FormatterKind = keyof typeof BUILD_FORMATTER;
type Formatter<K extends FormatterKind> = ReturnType<(typeof BUILD_FORMATTER)[K]>;

/** Built formatters by `language:kind`. */
const builtFormatters = new Map<string, Formatter<FormatterKind>>();

/**
 * The formatter of one kind for a language, built on first use and kept: each Intl object takes milliseconds to
 * build (the date ones load the time zone's data), and a first page needs one or two of them (building all seven
 * at once took about 130 ms of the home page's first render on a desktop core).
 */
function formatter<K extends FormatterKind>(kind: K, language: UiLanguage = DEFAULT_UI_LANGUAGE): Formatter<K> {
  const key = `${language}:${kind}`;
  let found = builtFormatters.get(key);
  if (!found) {
    found = BUILD_FORMATTER[kind](UI_LOCALES[language] ?? UI_LOCALES[DEFAULT_UI_LANGUAGE]);
    builtFormatters.set(key, found);
  }
  return found as Formatter<K>;
}

/**
 * Builds the formatters every course card needs (its price and its ratings count) ahead of first use. The shell calls
 * it while the page's code is still on its way, so the render that paints the first cards does not also load the
 * locale's number data (about 50 ms of that render on a phone-speed CPU, profiled at a 4x slowdown).
 */
export function prepareCourseCardFormatters(language: UiLanguage = DEFAULT_UI_LANGUAGE): void {
  formatter('rupees', language);
  formatter('integer', language);
}

/** Rupees as the portal shows them everywhere: ₹1,00,000.00, and -₹499.50 for a reversal. */
export function formatPrice(amount: number, language?: UiLanguage): string {
  const text = `${CURRENCY_SYMBOL}${formatter('rupees', language).format(Math.abs(amount))}`;
  return amount < 0 ? `-${text}` : text;
}

/** A count with Indian grouping: 1,23,456. */
export function formatCount(value: number, language?: UiLanguage): string {
  return formatter('integer', language).format(value);
}

/** A large count in words: 1.5 lakh / 1.5 लाख, 2.5 crore / 2.5 करोड़. */
export function formatCompactCount(value: number, language?: UiLanguage): string {
  return formatter('compact', language).format(value);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `23/11/2026`; "Invalid Date" when the value cannot be read (docs/product.md's wording for Students Enrolled). */
export function formatDate(value: string | number | Date | null | undefined, language?: UiLanguage): string {
  const date = toDate(value);
  return date ? formatter('date', language).format(date) : 'Invalid Date';
}

/** `23 November 2026` / `23 नवंबर 2026`: certificates and letters. */
export function formatLongDate(value: string | number | Date, language?: UiLanguage): string {
  const date = toDate(value);
  return date ? formatter('longDate', language).format(date) : 'Invalid Date';
}

/** `4:30 pm` in IST. */
export function formatTime(value: string | number | Date, language?: UiLanguage): string {
  const date = toDate(value);
  return date ? formatter('time', language).format(date) : 'Invalid Date';
}

/** `23/11/2026, 4:30 pm` in IST. */
export function formatDateTime(value: string | number | Date, language?: UiLanguage): string {
  const date = toDate(value);
  return date ? `${formatter('date', language).format(date)}, ${formatter('time', language).format(date)}` : 'Invalid Date';
}

/** The CLDR plural category of a count: Hindi's `one` covers 0 and 1, English's only 1. */
export function pluralCategory(count: number, language?: UiLanguage): Intl.LDMLPluralRule {
  return formatter('plural', language).select(count);
}
