/**
 * What checkout shows under each of the app's rates (app/connector/checkout-rates.ts), in the
 * buyer's language: the rate request's `locale`, the storefront's, never the admin's. A buyer reads
 * these, not the merchant. Numbers come written in that language; `min` and `max` choose the form.
 */
import { plural } from "./plural";

export const checkoutRates = {
  /** The provider's delivery time in whole days: `minText` and `maxText` as the buyer reads them. */
  deliveredIn: (min: number, max: number, minText: string, maxText: string) =>
    min === max ? `Delivered in ${minText} ${plural(min, "day", "days")}` : `Delivered in ${minText} to ${maxText} days`,
  /** A priced service whose delivery time the provider did not say. */
  shippedByWarehouse: "Shipped by the fulfilment warehouse",
  /** Under one of the merchant's flat rates (its name is the merchant's own). */
  flatRate: "Flat rate",
};
