/**
 * The page the provider login's top-level steps (the start page and the callback) answer with when
 * they cannot go on: outside Shopify's admin, so a plain document, its message fixed by the app
 * (never words from the query, which anyone can write into a link) and saying what to do. No
 * Shopify `locale` reaches it: it speaks the language Settings put in the start page's link, else
 * the browser's (the provider's redirect to the callback carries no language of ours).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { visitorLocale } from "~/lib/locale";
import { languageOf, wordsFor } from "~/lib/words";
import { ConnectionAttemptRefused } from "~/stores/shops/provider-connection-attempts.server";
import type { ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";

/**
 * Why the step was refused: an attempt's problem, or (ProviderNotConnected, the only other refusal
 * these steps meet) this installation has no OAuth client at the provider.
 */
export function providerLoginRefusal(request: Request, refusal: ConnectionAttemptRefused | ProviderNotConnected): Response {
  const lang = languageOf(visitorLocale(request));
  const words = wordsFor(lang).settingsProvider;
  const message = refusal instanceof ConnectionAttemptRefused ? words.problems[refusal.problem] : words.loginNotSetUp;
  // React escapes the text; the message is the catalogue's, so nothing of the request is written.
  const html = renderToStaticMarkup(
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{words.title}</title>
      </head>
      <body>
        <h1>{words.notConnectedTitle}</h1>
        <p>{message}</p>
      </body>
    </html>,
  );
  return new Response(`<!doctype html>${html}`, {
    status: 400,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
