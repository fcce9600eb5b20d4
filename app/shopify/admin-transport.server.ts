/**
 * Stack and tests only: points the Shopify library's Admin API traffic at the emulator. Everything
 * `@shopify/shopify-api` sends to a shop (GraphQL, REST, token exchange and refresh) goes through the
 * runtime's one fetch function, `abstractFetch`; replacing it with one that rewrites
 * `https://<shop>/admin/...` to the emulator's `{origin}/shops/<shop>/admin/...` lets
 * `authenticate.*`, the GraphQL client and sessions run unchanged (DESIGN.md section 7). Other hosts
 * and paths pass through to the fetch the adapter installed.
 */
import { abstractFetch, setAbstractFetchFunc, type AbstractFetchFunc } from "@shopify/shopify-api/runtime";

/** Marks our wrapper with the fetch it wraps, so installing twice rewrites once. */
const WRAPPED = Symbol.for("fulfilment-connector.admin-transport.wrapped");

type RedirectingFetch = AbstractFetchFunc & { [WRAPPED]: AbstractFetchFunc };

/**
 * The emulator URL for a request to a shop's Admin API, or undefined when `url` is not one.
 * `https://demo.myshopify.com/admin/api/2026-10/graphql.json?x=1` becomes
 * `{origin}/shops/demo.myshopify.com/admin/api/2026-10/graphql.json?x=1`.
 */
export function emulatorAdminUrl(url: URL, origin: URL): URL | undefined {
  if (url.protocol !== "https:" || !url.pathname.startsWith("/admin/")) return undefined;
  const base = origin.pathname.replace(/\/+$/, "");
  return new URL(`${base}/shops/${url.host}${url.pathname}${url.search}`, origin);
}

function urlOf(input: Parameters<AbstractFetchFunc>[0]): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** `inner`, except that requests to a shop's Admin API go to the emulator at `origin`. */
export function redirectingFetch(inner: AbstractFetchFunc, origin: URL): RedirectingFetch {
  const redirecting: AbstractFetchFunc = (input, init) => {
    const target = emulatorAdminUrl(new URL(urlOf(input)), origin);
    if (!target) return inner(input, init);
    // A Request carries method, headers and body; re-address it and keep the rest.
    const readdressed = typeof input === "string" || input instanceof URL ? target.href : new Request(target, input);
    return inner(readdressed, init);
  };
  return Object.assign(redirecting, { [WRAPPED]: inner });
}

function isRedirecting(fetchFunc: AbstractFetchFunc): fetchFunc is RedirectingFetch {
  return WRAPPED in fetchFunc;
}

/**
 * Installs the redirect. Must run after the platform adapter has set its own fetch
 * (`@shopify/shopify-app-remix/server` imports the web-api adapter, which does so when first
 * evaluated), or the adapter would replace it: shopify.server.ts calls this in its module body,
 * after its imports. Calling it again (Vite's dev server re-evaluates app modules, not the
 * library) replaces the redirect instead of stacking a second one.
 */
export function installAdminTransport(origin: string): void {
  const current = abstractFetch;
  const inner = isRedirecting(current) ? current[WRAPPED] : current;
  setAbstractFetchFunc(redirectingFetch(inner, new URL(origin)));
}

/** True when the runtime's fetch is the redirect: the stack's check that one runtime instance is shared. */
export function adminTransportInstalled(): boolean {
  return isRedirecting(abstractFetch);
}
