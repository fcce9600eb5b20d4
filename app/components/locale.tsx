/**
 * The admin's language for the pages: app.tsx reads it once per request (lib/locale.ts) and hands
 * it down, so the server's render and the browser's hydration write the same words, numbers,
 * money and dates.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LOCALE, formatterFor, type Formatter } from "~/lib/format";
import { wordsFor, type Words } from "~/lib/words";

const LocaleContext = createContext<string>(DEFAULT_LOCALE);
/** The shop's time zone (flows/install/time-zone.server.ts): dates are written in it. */
const TimeZoneContext = createContext<string>("UTC");

export function LocaleProvider({ locale, timeZone = "UTC", children }: { locale: string; timeZone?: string; children: ReactNode }) {
  return (
    <LocaleContext.Provider value={locale}>
      <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>
    </LocaleContext.Provider>
  );
}

/** Numbers, money and dates in the admin's language and the shop's time zone: `const format = useFormat(); format.date(...)`. */
export function useFormat(): Formatter {
  const locale = useContext(LocaleContext);
  const timeZone = useContext(TimeZoneContext);
  return useMemo(() => formatterFor(locale, timeZone), [locale, timeZone]);
}

/** The admin's words in its language (lib/words): `const words = useWords(); words.nav.home`. */
export function useWords(): Words {
  return wordsFor(useContext(LocaleContext));
}

/**
 * The language the server read from the request itself (the admin's cookie, else the browser's
 * Accept-Language): entry.server.tsx provides it, for the error page, which no route's data reaches
 * when the address has no page or its loader failed. Null in the browser, where the page's `lang`
 * (written by the server from this) says it.
 */
const RequestLocaleContext = createContext<string | null>(null);

export function RequestLocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return <RequestLocaleContext.Provider value={locale}>{children}</RequestLocaleContext.Provider>;
}

export const useRequestLocale = (): string | null => useContext(RequestLocaleContext);
