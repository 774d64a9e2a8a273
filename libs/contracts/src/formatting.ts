// The one place numbers, money and dates become text, for `en-IN` and `hi-IN`: Indian digit grouping (lakh,
// crore), ₹ and dd/mm/yyyy in both languages, on the academy's clock (IST) whatever the device's zone.
// The front end binds these to the current language (`useFormat` in @academy/platform); services pass the
// recipient's language. Formatters are built once per language: constructing Intl objects is slow.
import { CURRENCY_SYMBOL } from './money.js';
import { DEFAULT_UI_LANGUAGE, UI_LOCALES, type UiLanguage } from './languages.js';

const ACADEMY_TIME_ZONE = 'Asia/Kolkata';

interface Formatters {
  rupees: Intl.NumberFormat;
  integer: Intl.NumberFormat;
  compact: Intl.NumberFormat;
  date: Intl.DateTimeFormat;
  longDate: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  plural: Intl.PluralRules;
}

const formattersByLanguage = new Map<UiLanguage, Formatters>();

function formatters(language: UiLanguage = DEFAULT_UI_LANGUAGE): Formatters {
  let found = formattersByLanguage.get(language);
  if (!found) {
    const locale = UI_LOCALES[language] ?? UI_LOCALES[DEFAULT_UI_LANGUAGE];
    found = {
      rupees: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      integer: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
      compact: new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 }),
      // en-IN writes 26/11/2026 too; en-GB is kept out so both languages come from their own locale's data.
      date: new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ACADEMY_TIME_ZONE }),
      longDate: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: ACADEMY_TIME_ZONE }),
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: ACADEMY_TIME_ZONE }),
      plural: new Intl.PluralRules(locale),
    };
    formattersByLanguage.set(language, found);
  }
  return found;
}

/** Rupees as the portal shows them everywhere: ₹1,00,000.00, and -₹499.50 for a reversal. */
export function formatPrice(amount: number, language?: UiLanguage): string {
  const text = `${CURRENCY_SYMBOL}${formatters(language).rupees.format(Math.abs(amount))}`;
  return amount < 0 ? `-${text}` : text;
}

/** A count with Indian grouping: 1,23,456. */
export function formatCount(value: number, language?: UiLanguage): string {
  return formatters(language).integer.format(value);
}

/** A large count in words: 1.5 lakh / 1.5 लाख, 2.5 crore / 2.5 करोड़. */
export function formatCompactCount(value: number, language?: UiLanguage): string {
  return formatters(language).compact.format(value);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `23/11/2026`; "Invalid Date" when the value cannot be read (docs/product.md's wording for Students Enrolled). */
export function formatDate(value: string | number | Date | null | undefined, language?: UiLanguage): string {
  const date = toDate(value);
  return date ? formatters(language).date.format(date) : 'Invalid Date';
}

/** `23 November 2026` / `23 नवंबर 2026`: certificates and letters. */
export function formatLongDate(value: string | number | Date, language?: UiLanguage): string {
  const date = toDate(value);
  return date ? formatters(language).longDate.format(date) : 'Invalid Date';
}

/** `4:30 pm` in IST. */
export function formatTime(value: string | number | Date, language?: UiLanguage): string {
  const date = toDate(value);
  return date ? formatters(language).time.format(date) : 'Invalid Date';
}

/** `23/11/2026, 4:30 pm` in IST. */
export function formatDateTime(value: string | number | Date, language?: UiLanguage): string {
  const date = toDate(value);
  return date ? `${formatters(language).date.format(date)}, ${formatters(language).time.format(date)}` : 'Invalid Date';
}

/** The CLDR plural category of a count: Hindi's `one` covers 0 and 1, English's only 1. */
export function pluralCategory(count: number, language?: UiLanguage): Intl.LDMLPluralRule {
  return formatters(language).plural.select(count);
}
