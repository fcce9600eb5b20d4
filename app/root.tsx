import type { MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { useRequestLocale } from "~/components/locale";
import { canonicalLocale } from "~/lib/locale";
import { languageOf, wordsFor } from "~/lib/words";

// Every document needs a title (axe: document-title, serious); a route may export its own meta.
export const meta: MetaFunction = () => [{ title: "Fulfilment connector" }];

/** The element after the page's content (before its scripts): the first paint waits for it. */
const PAGE_END = "page-end";

/** The language a route's data names (routes/app, the landing and login pages), if it names one. */
function localeIn(data: unknown): string | null {
  return typeof data === "object" && data !== null && "locale" in data && typeof data.locale === "string" ? data.locale : null;
}

export default function App() {
  // The page's language: the admin's (routes/app reads it), or on the pages outside the admin the
  // one they chose (the link's, else the browser's). Screen readers speak the page in it, and the
  // browser draws Chinese text with Chinese forms of the characters. The outermost route that names
  // one decides, as the catalogue's language the page is written in (a French admin reads English).
  const lang = languageOf(
    useMatches()
      .map((match) => localeIn(match.data))
      .find((locale) => locale !== null) ?? "en",
  );
  return (
    // The scrollbar's room kept: a page that grows as its data comes in (a live list, a save bar, an
    // answer) never narrows and reflows everything when its scrollbar appears.
    <html lang={lang} style={{ scrollbarGutter: "stable" }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <link rel="preconnect" href="https://cdn.shopify.com/" />
        <link rel="stylesheet" href="https://cdn.shopify.com/static/fonts/inter/v4/styles.css" />
        <Meta />
        <Links />
        {/* No first paint of half a page: a browser that parses a long page in pieces (a loaded
            machine, a slow one) would draw a layout's first column alone, full width, and then
            move everything once the second arrives. Rendering waits for PAGE_END instead. */}
        <link rel="expect" href={`#${PAGE_END}`} blocking="render" />
      </head>
      <body>
        <Outlet />
        <div id={PAGE_END} hidden />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * A page that failed to load, or an address the app has no page for: said in the admin's language
 * (the link's `locale`, else the one the server read from the request: the admin's cookie, the
 * browser's Accept-Language; in the browser, the language the page was shown in), never Remix's
 * English default.
 * The server logs the failure itself (entry.server.tsx's handleError).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { search } = useLocation();
  const fromRequest = useRequestLocale();
  const shown = typeof document === "undefined" ? null : document.documentElement.lang;
  // The page is written in one of the catalogue's languages, and its `lang` says which.
  const locale = languageOf(canonicalLocale(new URLSearchParams(search).get("locale")) ?? fromRequest ?? canonicalLocale(shown) ?? "en");
  const words = wordsFor(locale).errorPage;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? words.notFoundTitle : words.title;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{title}</title>
        <Links />
      </head>
      <body
        style={{ fontFamily: "Inter, -apple-system, BlinkMacSystemFont, sans-serif", margin: 0, padding: "3rem 1.5rem", color: "#303030" }}
      >
        <main style={{ maxWidth: "36rem", margin: "0 auto" }}>
          <h1 style={{ fontSize: "1.25rem", margin: "0 0 0.75rem" }}>{title}</h1>
          <p style={{ margin: 0, lineHeight: 1.5 }}>{notFound ? words.notFoundBody : words.body}</p>
        </main>
        <Scripts />
      </body>
    </html>
  );
}
