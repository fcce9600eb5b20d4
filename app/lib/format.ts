/**
 * Numbers, money and dates as a merchant reads them, written by Intl in the admin's language
 * (DESIGN.md 14). Every function takes the locale ("en", "zh-CN"): English until the admin's own
 * is passed in. Times are shown in UTC, and say so, unless a time zone is given (the admin gives the
 * shop's): a page is drawn on the server and again in the browser, and both must write the same text.
 */

/** The admin's language until Shopify's `locale` is read (English and Simplified Chinese first). */
export const DEFAULT_LOCALE = "en";

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

// Making a formatter costs far more than using one, and a table formats hundreds of cells.
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** 2147483647 → "2,147,483,647" in English. */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

/**
 * 7.5 USD → "$7.50" in English. A currency Intl cannot name (the provider's answer is data, and
 * may leave it blank) keeps its amount, with the code as given.
 */
export function formatMoney(amount: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  try {
    return numberFormat(locale, { style: "currency", currency }).format(amount);
  } catch {
    return `${formatNumber(amount, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`.trim();
  }
}

export interface DateOptions {
  /** An IANA time zone; UTC unless given. */
  timeZone?: string;
}

/** Whether Intl can write dates in the zone: anything else would fail every page's dates. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

const dateOf = (value: Date | string): Date | null => {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A day and time with its time zone: "Mar 2, 2026, 8:15 AM UTC" in English. A text that is not a
 * date (the provider's, as it said it) is shown as it is.
 */
export function formatDateTime(value: Date | string, locale: string = DEFAULT_LOCALE, { timeZone = "UTC" }: DateOptions = {}): string {
  const date = dateOf(value);
  if (date === null) return String(value);
  return dateFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

/** A day: "Mar 2, 2026" in English. */
export function formatDate(value: Date | string, locale: string = DEFAULT_LOCALE, { timeZone = "UTC" }: DateOptions = {}): string {
  const date = dateOf(value);
  if (date === null) return String(value);
  return dateFormat(locale, { dateStyle: "medium", timeZone }).format(date);
}

/** A time of day with its time zone: "8:15 AM UTC" in English. */
export function formatTime(value: Date | string, locale: string = DEFAULT_LOCALE, { timeZone = "UTC" }: DateOptions = {}): string {
  const date = dateOf(value);
  if (date === null) return String(value);
  return dateFormat(locale, { hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" }).format(date);
}

/** A month ("2026-03", or any day in it): "March 2026" in English. */
export function formatMonth(value: Date | string, locale: string = DEFAULT_LOCALE, { timeZone = "UTC" }: DateOptions = {}): string {
  const date = dateOf(typeof value === "string" && /^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : value);
  if (date === null) return String(value);
  return dateFormat(locale, { year: "numeric", month: "long", timeZone }).format(date);
}

/**
 * A calendar day kept as midnight UTC (a reservation date, a planned arrival), written "2026-03-02"
 * for a page: formatterFor shows such a string as that day everywhere, where the Date itself would be
 * shown in the shop's zone, a day early west of UTC.
 */
export function calendarDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The functions above bound to one locale and time zone (the shop's, in the admin), for a page that
 * formats many things; a call may still name another zone.
 */
export function formatterFor(locale: string = DEFAULT_LOCALE, timeZone = "UTC") {
  // A day or month written without a time ("2026-03-02", "2026-03": a reservation date, a month's
  // costs) is a calendar day, the same everywhere: in the shop's zone it would move a day back.
  const zoned = (options?: DateOptions, value?: Date | string): DateOptions =>
    typeof value === "string" && /^\d{4}-\d{2}(-\d{2})?$/.test(value) ? { timeZone: "UTC", ...options } : { timeZone, ...options };
  return {
    locale,
    timeZone,
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    dateTime: (value: Date | string, options?: DateOptions) => formatDateTime(value, locale, zoned(options, value)),
    date: (value: Date | string, options?: DateOptions) => formatDate(value, locale, zoned(options, value)),
    time: (value: Date | string, options?: DateOptions) => formatTime(value, locale, zoned(options, value)),
    month: (value: Date | string, options?: DateOptions) => formatMonth(value, locale, zoned(options, value)),
  };
}
export type Formatter = ReturnType<typeof formatterFor>;
