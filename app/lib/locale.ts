/**
 * The admin's language (DESIGN.md 14): Shopify's admin opens an embedded app with the staff member's
 * `locale` in the URL ("en", "zh-CN"). The app's own later requests (a page's data, a form's
 * answer) do not carry it, so the first document remembers it in a cookie; the browser's own
 * language comes next, English last. Numbers, money and dates are written for it (lib/format.ts).
 */
import { DEFAULT_LOCALE } from "./format";

export const LOCALE_COOKIE = "admin_locale";

/** "zh-cn" → "zh-CN"; anything Intl cannot read as a language tag → null. */
export function canonicalLocale(value: string | null | undefined): string | null {
  const tag = value?.trim();
  // A tag is short and plain; anything else is not worth asking Intl about.
  if (!tag || tag.length > 35 || !/^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, "-"))[0] ?? null;
  } catch {
    return null;
  }
}

function cookieValue(header: string | null, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** The first language the browser asks for ("zh-CN,zh;q=0.9,en;q=0.8" → "zh-CN"), quality 0 aside. */
function acceptedLanguage(header: string | null): string | null {
  const ranked = (header ?? "")
    .split(",")
    .map((entry) => {
      const [tag, ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, quality: q === undefined ? 1 : Number(q.slice(2)) };
    })
    .filter(({ tag, quality }) => tag !== "*" && quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const { tag } of ranked) {
    const locale = canonicalLocale(tag);
    if (locale !== null) return locale;
  }
  return null;
}

/** Where the language came from: the admin's URL is the only one the app should remember. */
export interface RequestLocale {
  locale: string;
  fromAdmin: boolean;
}

export function requestLocale(request: Request): RequestLocale {
  const fromUrl = canonicalLocale(new URL(request.url).searchParams.get("locale"));
  if (fromUrl !== null) return { locale: fromUrl, fromAdmin: true };
  const locale =
    canonicalLocale(cookieValue(request.headers.get("cookie"), LOCALE_COOKIE)) ??
    acceptedLanguage(request.headers.get("accept-language")) ??
    DEFAULT_LOCALE;
  return { locale, fromAdmin: false };
}

/**
 * The language of a page outside the admin (the landing and login pages, the provider login's
 * pages): no Shopify `locale` reaches them unless the link that opened them carries one, and the
 * admin's cookie belongs to the admin's frame (partitioned), never to them. So the link's `locale`,
 * else the browser's own language, else English.
 */
export function visitorLocale(request: Request): string {
  return (
    canonicalLocale(new URL(request.url).searchParams.get("locale")) ??
    acceptedLanguage(request.headers.get("accept-language")) ??
    DEFAULT_LOCALE
  );
}

/** The admin's language for this request: the one a page's numbers, money and dates are written in. */
export const localeOf = (request: Request): string => requestLocale(request).locale;

/**
 * The cookie that keeps the admin's language for the app's later requests. The app lives in the
 * admin's frame, so the cookie is a third party's there: SameSite=None and Partitioned (kept for
 * this app inside this admin only), Secure, HttpOnly (no script reads it), a year.
 */
export function localeCookie(locale: string): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; Secure; HttpOnly; SameSite=None; Partitioned`;
}
