import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import polarisEnglish from "@shopify/polaris/locales/en.json";
import polarisChinese from "@shopify/polaris/locales/zh-CN.json";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { LocaleProvider, useWords } from "~/components/locale";
import { localeCookie, requestLocale } from "~/lib/locale";
import { languageOf, wordsFor } from "~/lib/words";
import { shopTimeZone } from "~/flows/install/time-zone.server";
import { env } from "../env.server";
import prisma from "~/db.server";
import { authenticate } from "../shopify.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, session } = await authenticate.admin(request);
  // The admin names its language only when it opens the app: kept for the app's later requests.
  const { locale, fromAdmin } = requestLocale(request);
  const timeZone = await shopTimeZone(prisma, admin, session.shop);
  // App Bridge needs the (public) API key in the browser.
  return json(
    { apiKey: env.SHOPIFY_API_KEY, locale, timeZone },
    fromAdmin ? { headers: { "Set-Cookie": localeCookie(locale) } } : undefined,
  );
}

/** The document's title (the browser's tab, a screen reader's first words) in the admin's language too. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: wordsFor(data?.locale ?? "en").home.title }];

/** Polaris's own words (its buttons, pagination, empty tables) in the admin's language too. */
const POLARIS_WORDS = { en: polarisEnglish, "zh-CN": polarisChinese } as const;

export default function App() {
  const { apiKey, locale, timeZone } = useLoaderData<typeof loader>();

  return (
    <AppProvider isEmbeddedApp apiKey={apiKey} i18n={POLARIS_WORDS[languageOf(locale)]}>
      <LocaleProvider locale={locale} timeZone={timeZone}>
        <AdminMenu />
        <Outlet />
      </LocaleProvider>
    </AppProvider>
  );
}

function AdminMenu() {
  const words = useWords().nav;
  return (
    <NavMenu>
      <Link to="/app" rel="home">
        {words.home}
      </Link>
      <Link to="/app/shipments">{words.shipments}</Link>
      <Link to="/app/returns">{words.returns}</Link>
      <Link to="/app/products">{words.products}</Link>
      <Link to="/app/stock">{words.stock}</Link>
      <Link to="/app/inbound">{words.inbound}</Link>
      <Link to="/app/lading">{words.lading}</Link>
      <Link to="/app/inventory-age">{words.inventoryAge}</Link>
      <Link to="/app/pricing">{words.pricing}</Link>
      <Link to="/app/data-requests">{words.dataRequests}</Link>
      <Link to="/app/settings">{words.settings}</Link>
    </NavMenu>
  );
}

// authenticate.admin throws responses (redirects, App Bridge bounces) whose headers must reach the
// browser: Shopify's boundary passes them through.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
