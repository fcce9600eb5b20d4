/** The public landing page, outside Shopify's admin: what the app does, and a login form when the app offers one. */
export const landing = {
  /** The app's name: the page's title and heading. */
  title: "Fulfilment connector",
  intro: "Send your Shopify orders to your overseas fulfilment provider and give your customers tracking as soon as their parcel ships.",
  shopDomain: "Shop domain",
  shopDomainExample: "e.g. my-shop-domain.myshopify.com",
  logIn: "Log in",
  /** What the app does for the merchant: each a short heading, with its punctuation, and a sentence. */
  features: {
    handsOff: {
      title: "Hands-off orders.",
      text: "Orders reach the warehouse without anyone touching them, and none is ever shipped twice.",
    },
    reasons: {
      title: "Reasons you can act on.",
      text: "An order that cannot go says why, so you can fix it and send it again.",
    },
    tracking: {
      title: "Tracking for your customers.",
      text: "Shipping confirmations with tracking links, and delivery updates as the provider reports them.",
    },
  },
};
