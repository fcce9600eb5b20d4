/** The login page, outside Shopify's admin: the shop to log in to. */
export const login = {
  title: "Log in",
  shopDomain: "Shop domain",
  shopDomainHelp: "example.myshopify.com",
  logIn: "Log in",
  /** What is wrong with the shop typed (the Shopify library's login errors). */
  errors: {
    missingShop: "Please enter your shop domain to log in",
    invalidShop: "Please enter a valid shop domain to log in",
  },
};
