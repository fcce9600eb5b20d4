import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { LocaleProvider } from "~/components/locale";
import { localeCookie, requestLocale } from "~/lib/locale";
import { env } from "../env.server";
import { authenticate } from "../shopify.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticate.admin(request);
  // The admin names its language only when it opens the app: kept for the app's later requests.
  const { locale, fromAdmin } = requestLocale(request);
  // App Bridge needs the (public) API key in the browser.
  return json({ apiKey: env.SHOPIFY_API_KEY, locale }, fromAdmin ? { headers: { "Set-Cookie": localeCookie(locale) } } : undefined);
}

export default function App() {
  const { apiKey, locale } = useLoaderData<typeof loader>();

  return (
    <AppProvider isEmbeddedApp apiKey={apiKey}>
      <LocaleProvider locale={locale}>
        <NavMenu>
          <Link to="/app" rel="home">
            Home
          </Link>
          <Link to="/app/shipments">Shipments</Link>
          <Link to="/app/returns">Returns</Link>
          <Link to="/app/products">Products</Link>
          <Link to="/app/stock">Stock</Link>
          <Link to="/app/inbound">Inbound shipments</Link>
          <Link to="/app/lading">Bulk shipments</Link>
          <Link to="/app/inventory-age">Inventory age</Link>
          <Link to="/app/pricing">Pricing</Link>
          <Link to="/app/data-requests">Customer data</Link>
          <Link to="/app/settings">Settings</Link>
        </NavMenu>
        <Outlet />
      </LocaleProvider>
    </AppProvider>
  );
}

// authenticate.admin throws responses (redirects, App Bridge bounces) whose headers must reach the
// browser: Shopify's boundary passes them through.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
