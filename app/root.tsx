import type { MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";

// Every document needs a title (axe: document-title, serious); a route may export its own meta.
export const meta: MetaFunction = () => [{ title: "Fulfilment connector" }];

export default function App() {
  // The admin's language (routes/app reads it): screen readers speak the page in it, and the
  // browser draws Chinese text with Chinese forms of the characters.
  const lang = useRouteLoaderData<{ locale?: string }>("routes/app")?.locale ?? "en";
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
