/** The page shown when a page fails to load, or names nothing in the app (app/root.tsx's ErrorBoundary). */
export const errorPage = {
  title: "Something went wrong",
  body: "The app could not show this page. Reload it in a moment. If it keeps happening, the app's operator can find what went wrong in the app's log, by the time it happened.",
  notFoundTitle: "This page does not exist",
  notFoundBody: "Nothing in the app has this address. Open the app again from your Shopify admin.",
};
