import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { env } from "../env.server";
import { authenticate } from "../shopify.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticate.admin(request);
  // App Bridge needs the (public) API key in the browser.
  return { apiKey: env.SHOPIFY_API_KEY };
}

export default function App() {
  const { apiKey } = useLoaderData<typeof loader>();

  return (
    <AppProvider isEmbeddedApp apiKey={apiKey}>
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
    </AppProvider>
  );
}

// authenticate.admin throws responses (redirects, App Bridge bounces) whose headers must reach the
// browser: Shopify's boundary passes them through.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
