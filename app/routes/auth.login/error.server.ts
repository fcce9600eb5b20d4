import { LoginErrorType, type LoginError } from "@shopify/shopify-app-remix/server";

export interface LoginErrorMessage {
  shop?: string;
}

/** login() reports what is wrong with the shop field as a code; the form shows words. */
export function loginErrorMessage(loginErrors: LoginError): LoginErrorMessage {
  switch (loginErrors.shop) {
    case LoginErrorType.MissingShop:
      return { shop: "Please enter your shop domain to log in" };
    case LoginErrorType.InvalidShop:
      return { shop: "Please enter a valid shop domain to log in" };
    default:
      return {};
  }
}
