import type { MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "@remix-run/react";

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
  // one decides.
  const lang =
    useMatches()
      .map((match) => localeIn(match.data))
      .find((locale) => locale !== null) ?? "en";
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
