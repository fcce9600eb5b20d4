import type { MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "@remix-run/react";

// Every document needs a title (axe: document-title, serious); a route may export its own meta.
export const meta: MetaFunction = () => [{ title: "Fulfilment connector" }];

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
      </head>
      <body>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
