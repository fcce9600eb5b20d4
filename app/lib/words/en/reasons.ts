/**
 * Why a shipment is held or waits, as the pipeline stores it (decision 0045): a reason keeps the
 * key of its sentence here and the sentence's arguments, so the admin says it again in the
 * merchant's language; its English `message` is made from this module, so the two cannot differ.
 * Every sentence is a function of plain strings and numbers (what a JSON column keeps); "" stands
 * for a value the order did not have. The provider's own words are an argument, quoted as said.
 */
import { countryName } from "../../country-name";

/** The provider's fields (and the kinds of wait) a reason names, in the merchant's words. */
export const reasonFields = {
  labels: {
    "ShipToAddress.Country": "Country",
    "ShipToAddress.Contact": "Recipient name",
    "ShipToAddress.Street1": "Street 1",
    "ShipToAddress.Street2": "Street 2 (company, apartment or suite)",
    "ShipToAddress.City": "City",
    "ShipToAddress.Province": "Province or state",
    "ShipToAddress.Postcode": "Postcode",
    "ShipToAddress.Phone": "Phone",
    "ShipToAddress.Email": "Email",
    "ShipToAddress.HouseNumber": "House number",
    "ShipToAddress.TaxId": "Tax ID",
    "ShipToAddress.IDNumber": "ID number",
    "Skus.Sku": "SKU",
    "Skus.ProductName": "Product name",
    "Skus.DeclareNameEn": "Customs name",
    "Skus.HsCode": "HS code",
    "Skus.Weight": "Weight",
    "Skus.Duty": "Duties",
    Location: "Drop-ship handling location",
    WarehouseId: "Warehouse",
    ServiceCode: "Service code",
    CodAmount: "Cash on delivery",
    "order.totalTax": "Tax charged",
    Package: "Package",
    Review: "Review",
    "Shopify hold": "Shopify hold",
    Schedule: "Schedule",
    Payment: "Payment",
    "Fraud risk": "Fraud risk",
  },
  /** What the merchant changes when a value is too long, completed with ", then retry.". */
  fixes: {
    "ShipToAddress.Contact": "Shorten the name in the order's shipping address",
    "ShipToAddress.Street1": "Shorten the address in the order",
    "ShipToAddress.Street2": "Shorten the company or apartment line in the order's shipping address",
    "ShipToAddress.City": "Shorten the city in the order's shipping address",
    "ShipToAddress.Province": "Correct the province in the order's shipping address",
    "ShipToAddress.Postcode": "Correct the postcode in the order's shipping address",
    "ShipToAddress.Phone": "Correct the phone number in the order's shipping address",
    "ShipToAddress.Email": "Correct the customer's email in the order",
    "ShipToAddress.HouseNumber": "Correct the house number in the order's shipping address",
    "ShipToAddress.TaxId": "Correct the customer's tax ID in the order",
    "ShipToAddress.IDNumber": "Correct the customer's ID number in the order",
    "Skus.Sku": "Use a shorter SKU for the product, or map it to a provider SKU on the Products page",
    "Skus.ProductName": "Shorten the product title",
    "Skus.DeclareNameEn": "Set a shorter customs name for the SKU on the Products page",
    "Skus.HsCode": "Correct the product's HS code in Shopify (Customs information)",
    Location: "Use a shorter handling location in Settings > Warehouses and routing",
    WarehouseId: "Correct the warehouse in Settings > Warehouses and routing",
    ServiceCode: "Correct the service code in Settings > Warehouses and routing",
  },
};

const labelOf = (field: string): string => (reasonFields.labels as Record<string, string>)[field] ?? String(field);
const fixOf = (field: string): string => (reasonFields.fixes as Record<string, string | undefined>)[field] ?? "Correct it";

/** Where a route ships from: "warehouse US01", "drop-ship location SZ-HUB" (`kind` is the route's, OUTBOUND or DROPSHIP). */
const routeAt = (kind: string, code: string) => (kind === "OUTBOUND" ? `warehouse ${code}` : `drop-ship location ${code}`);

/** Shopify's terms and, when known, the day the payment is due ("Net 30, due 2026-12-29"). */
/** `dueAt` as stored (ISO: its UTC day) or already written by the page. */
const dueDay = (dueAt: string) => (/^\d{4}-\d{2}-\d{2}T/.test(dueAt) ? dueAt.slice(0, 10) : dueAt);
const termsOf = (terms: string, dueAt: string) => `${terms}${dueAt === "" ? "" : `, due ${dueDay(String(dueAt))}`}`;

/** What the merchant can do about each ReasonCode the provider gives when it cannot create a package. */
const CREATION_ADVICE: Readonly<Record<string, string>> = {
  DestinationNotServed: "Choose a service that delivers there in Settings > Warehouses and routing, then retry.",
  ServiceNotFound: "Correct the service code in Settings > Warehouses and routing, then retry.",
  ServiceNotAvailable: "Choose a service of this warehouse in Settings > Warehouses and routing, then retry.",
  InsufficientStock: "Send stock to the warehouse (or ship from another one), then retry.",
  SkuNotFound: "Register the SKU with the provider, or map it to the provider's SKU on the Products page, then retry.",
};

/** Payment terms this shop may ship on before payment, by Shopify's type of terms. */
const TERMS_WORDS: Readonly<Record<string, string>> = {
  FULFILLMENT: "due on fulfilment",
  NET: "on net terms",
  FIXED: "due on a fixed date",
  RECEIPT: "due on receipt",
};

/** "5 digits, ", "4 digits and 2 letters, ", or nothing: a postcode's shape, before its example. */
const postcodeShape = (digits: number, letters: number) =>
  digits === 0 ? "" : letters === 0 ? `${digits} digits, ` : `${digits} digits and ${letters} letters, `;

/** An ISO instant in UTC ("2026-12-01 09:00 UTC"), or a time already written for the reader, as it is. */
export const instantOrWritten = (at: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(at) ? `${String(at).slice(0, 16).replace("T", " ")} UTC` : at;

/** An order, and the company that placed it when there is one. */
const orderOf = (order: string, company: string) => (company === "" ? `Order ${order}` : `Order ${order} of ${company}`);

/** After the fulfilment was written (`fulfilled` 1), the merchant undoes it in Shopify; before (0), nothing was announced. */
const inShopify = (fulfilled: number) =>
  fulfilled === 1 ? " The Shopify order shows it fulfilled: cancel that fulfilment in Shopify, then refund or send the order again." : "";

/** The carrier's status, the day it said so and its own words: "TrackingStatus Lost on 2026-11-02: \"Parcel missing\"". */
const carrierSaid = (status: string, day: string, message: string) =>
  `TrackingStatus ${status}${day === "" ? "" : ` on ${day}`}${message === "" ? "" : `: "${message}"`}`;

export const reasons = {
  // The address.
  noShippingAddress: () => "The order has no shipping address. Add one to the order, then retry.",
  noCountry: () => "The shipping address has no country. Add the country to the order's shipping address, then retry.",
  noRecipient: () => "The shipping address has no recipient name or company. Add one to the order's shipping address, then retry.",
  noStreet: () => "The shipping address has no street. Add it to the order, then retry.",
  noCity: () => "The shipping address has no city. Add it to the order, then retry.",
  noHouseNumber: (street: string, country: string) =>
    `The street "${street}" has no house number, and carriers in ${countryName(country)} need one. ` +
    "Add the house number to the order's shipping address, then retry.",
  noProvince: (country: string) =>
    `The shipping address has no state or province, and carriers in ${countryName(country)} need one. Add it to the order, then retry.`,
  noPostcode: (country: string) =>
    `The shipping address has no postcode, and carriers in ${countryName(country)} need one. Add it to the order, then retry.`,
  /** `digits` and `letters`: what a postcode there has (0 when not counted); `example`: one such postcode, `alsoExample` another form ("" when none). */
  postcodeNotOfCountry: (postcode: string, country: string, digits: number, letters: number, example: string, alsoExample: string) =>
    `The postcode "${postcode}" is not a postcode of ${countryName(country)} ` +
    `(${postcodeShape(digits, letters)}e.g. ${example}${alsoExample === "" ? "" : ` or ${alsoExample}`}). ` +
    "Correct it in the order's shipping address, then retry.",
  /** `idName`: the number customs ask for, as the country's rule names it ("CPF or CNPJ"). */
  noCustomsId: (country: string, idName: string) =>
    `Customs in ${countryName(country)} need the recipient's ${idName}, and the order has none. ` +
    "Ask the customer for it and add it to the order, then retry.",
  customsIdNotValid: (idName: string, given: string, country: string) =>
    `The recipient's ${idName} "${given}" is not valid for ${countryName(country)}. ` +
    "Ask the customer for the correct number and update the order, then retry.",
  /** `subject`: the product line the value belongs to ("" when the field alone says it). */
  tooLong: (field: string, length: number, max: number, subject: string) =>
    `${subject === "" ? labelOf(field) : `${labelOf(field)} of ${subject}`} is ${length} characters; ` +
    `the carrier accepts at most ${max}. ${fixOf(field)}, then retry.`,

  // The lines and their customs data. `product` is the line as the order names it, in quotes.
  noSku: (product: string) =>
    `${product} has no SKU, so the warehouse cannot tell what to ship. Give the product variant a SKU in Shopify, then retry.`,
  skuNotMapped: (product: string, sku: string) =>
    `${product} has SKU ${sku}, which is not in your SKU mapping. Add it on the Products page, then retry.`,
  noCustomsName: (product: string) =>
    `The product title ${product} cannot be used as a customs name, which must be in English letters, ` +
    "digits, spaces and _ - ( ) ' & , |. Set a customs name for the SKU on the Products page, " +
    "or a default customs name in Settings > Customs and tax numbers, then retry.",
  noHsCode: (product: string, country: string) =>
    `${product} has no HS code, and customs in ${countryName(country)} need one. ` +
    "Add it to the product's customs information in Shopify, or set a default HS code in Settings > Customs and tax numbers, then retry.",
  hsCodeNotValid: (code: string, product: string) =>
    `The HS code "${code}" of ${product} must be 6 to 50 digits. Correct it in the product's customs information in Shopify, then retry.`,
  noWeight: (product: string) => `${product} has no weight. Enter its shipping weight on the product in Shopify, then retry.`,

  // What the app failed to read, and cash on delivery.
  taxNotRead: (order: string) =>
    `The app did not read the tax charged at checkout on order ${order}, which decides whether the IOSS number is declared. This is a fault of the app: contact support, then retry.`,
  dutiesNotRead: (order: string) =>
    `The app did not read the duties charged at checkout on order ${order}, which the package must carry so the recipient is not charged again. This is a fault of the app: contact support, then retry.`,
  codAmountNotRead: (order: string) =>
    `Order ${order} is paid cash on delivery, but the app did not read the amount to collect. This is a fault of the app: contact support, then retry.`,
  codInSeveralPackages: (order: string, units: number, remaining: number) =>
    `Order ${order} is paid cash on delivery and ships in more than one package ` +
    `(this one carries ${units} of ${remaining} units), so the amount to collect per package is unclear. ` +
    "Move all items to one location so they ship together, or mark the order as paid, then retry.",

  // The service. `kind` and `code`: where the route ships from (routeAt).
  noServiceForCountry: (kind: string, code: string, country: string) =>
    `No shipping service is set for ${countryName(country)} at ${routeAt(kind, code)}. ` +
    `Add a service for ${country}, or a default service, in Settings > Warehouses and routing, then retry.`,
  /** `title`: the shipping method the customer chose; `pricedFrom`: the warehouse checkout priced the cart from, when another one ("" if not). */
  chosenServiceNotServed: (kind: string, code: string, title: string, service: string, pricedFrom: string) =>
    `The customer chose "${title}" at checkout, the provider's service ${service}, which ${routeAt(kind, code)} does not ship with` +
    (pricedFrom === "" ? "" : ` (checkout priced it from warehouse ${pricedFrom})`) +
    `. It is not sent with another service unless you say so: move the order in Shopify to ` +
    (pricedFrom === "" ? "a location that ships with it" : `the location of warehouse ${pricedFrom}`) +
    `, or add the shipping method ${service} with the service to use instead to ${routeAt(kind, code)} in ` +
    `Settings > Warehouses and routing, then retry.`,

  // Waiting for Shopify or the merchant.
  /** `holds`: Shopify's reasons and notes as Shopify gave them ("" when none). */
  onHoldInShopify: (holds: string) =>
    `On hold in Shopify: ${holds === "" ? "no reason given" : holds}. It is sent once the hold is released in Shopify.`,
  /**
   * `at`: the instant Shopify opens it (ISO, written here in UTC), or as the admin already wrote it
   * in the shop's zone (reason-times.ts); "" when unknown.
   */
  scheduled: (at: string) =>
    `Scheduled in Shopify for ${at === "" ? "a later date" : instantOrWritten(at)} (a subscription or pre-order): it is sent when Shopify opens it.`,
  /** `status`: Shopify's financial status code (PENDING, PARTIALLY_PAID…). */
  notPaid: (order: string, status: string) =>
    `Order ${order} is not paid yet (${String(status).toLowerCase().replace(/_/g, " ")}): it is sent once Shopify marks it paid. Send it now with Retry, or let unpaid orders ship in Settings > Orders and after sending.`,
  termsUnreadable: (order: string) =>
    `Order ${order} was placed by a company, but Shopify does not let the app read its payment terms: approve the app's access to payment terms and companies in Shopify, then retry; or send it now with Retry.`,
  /** `terms`: Shopify's name of the terms ("Net 30"); `dueAt`: the day it is due (ISO), "" when none. */
  onUnnamedTerms: (order: string, company: string, terms: string, dueAt: string) =>
    `${orderOf(order, company)} is on payment terms Shopify does not name (${termsOf(terms, dueAt)}): it is sent once Shopify marks it paid. Send it now with Retry.`,
  /** `type`: Shopify's type of the terms (NET, FIXED, RECEIPT, FULFILLMENT). */
  onTerms: (order: string, company: string, terms: string, dueAt: string, type: string) =>
    `${orderOf(order, company)} is on payment terms ${termsOf(terms, dueAt)}, and this shop holds orders ${TERMS_WORDS[type] ?? type} until they are paid: it is sent once Shopify marks it paid. Send it now with Retry, or let orders ${TERMS_WORDS[type] ?? type} ship in Settings > Orders and after sending.`,
  highRisk: (order: string) =>
    `Shopify rates order ${order} high risk of fraud: check it in Shopify. If it is genuine, send it with Retry; or let high-risk orders ship in Settings > Orders and after sending.`,
  forReview: () =>
    "Waiting for review: this shop holds every new shipment until someone sends it (Settings > Orders and after sending). Press Send to send it.",

  // What the provider refused, in its own words (`said`), and packages that cannot go as stored.
  /** `path`: the provider's field; `rule`: what its schema says of it, as the check wrote it. */
  providerWouldRefuse: (path: string, rule: string, order: string) =>
    `The provider would refuse ${path} (${rule}). This is a fault of the app; contact support about order ${order}.`,
  /** `said`: "" when the provider gave no reason. */
  providerRefusedPackage: (said: string) =>
    `The provider refused the package: ${said === "" ? "no reason given" : said}. Correct the order or the settings, then retry.`,
  providerRefusedField: (field: string, said: string) => `The provider refused ${field}: ${said}. Correct it, then retry.`,
  providerRefusedRequest: (said: string) => `${said} Correct the order, then retry.`,
  /** No field named: `status` its HTTP status, `ticket` the provider's ticket for its support; "" when none. */
  providerRefusedUnnamed: (status: string, ticket: string) => {
    const reference = [status === "" ? null : `HTTP ${status}`, ticket === "" ? null : `ticket ${ticket}`].filter((part) => part !== null);
    return `The provider refused the package without naming a field${reference.length === 0 ? "" : ` (${reference.join(", ")})`}. Ask the provider what it refused, correct the order, then retry.`;
  },
  recipientErased: () =>
    "The package's recipient data was erased (a customer data request), so it cannot be sent as it was. Retry to plan it again from the order.",
  storedNotAcceptable: () => "The stored package is not one the provider would accept any more. Retry to plan it again from the order.",

  // The provider could not create the package. `said`: its ReasonText and ExtendMessage as sentences; `code`: its ReasonCode.
  creationFailed: (said: string, code: string) =>
    `The provider could not create the package: ${said === "" ? "The provider did not say why." : said} ${CREATION_ADVICE[code] ?? "Correct the order or the settings, then retry."}`,
  creationFailedHandedBack: (said: string) =>
    `The provider could not create the package: ${said === "" ? "The provider did not say why." : said} Handed back to Shopify: the fulfillment order is closed as incomplete, so you decide there. Fix the cause and request fulfilment again, move it to another location, or refund it.`,

  // Handing a package the provider could not create back to Shopify (Settings > Orders and after sending).
  notHandedBackDropship: () =>
    "Not handed back: a drop-ship package's fulfillment order stays at your own location in Shopify, so there is nothing to close. " +
    "Fix the cause and retry here, or fulfil the order yourself.",
  /** `note`: the note the app closed it with in Shopify, as Shopify keeps it. */
  handedBackToShopify: (note: string) =>
    `Handed back to Shopify: the fulfillment order is closed as incomplete ("${note}"). Request fulfilment again in Shopify once the cause is fixed, or fulfil it elsewhere.`,
  /** `why`: Shopify's refusal, in Shopify's words. */
  handBackRefused: (why: string) => `Could not hand it back to Shopify (${why}): it waits here instead. Fix the cause and retry.`,

  // The timeline's holds. `fields`: the provider's fields the checks name, ", " between them.
  heldUntilFixed: (count: number, fields: string) =>
    `Held until fixed: ${count} ${count === 1 ? "problem" : "problems"} (${fields}); the shipment lists what to change.`,
  waitsForShopifyHold: () => "On hold in Shopify: waits until the hold is released.",
  waitsForDate: () => "Scheduled in Shopify: waits until its date.",
  waitsForPayment: () => "Not paid yet: waits until Shopify marks the order paid.",
  waitsForRiskReview: () => "Rated high risk of fraud in Shopify: waits for the merchant.",

  // The timeline's tracking. `what`: the carrier's checkpoint as it said it; `city`: "" when none;
  // `status`: the Shopify fulfilment event's status code it was written as.
  trackingToShopify: (what: string, city: string, status: string) =>
    `Tracking: ${what}${city === "" ? "" : `, ${city}`} → Shopify event ${status}.`,
  trackingWithoutFulfilment: (what: string) => `Tracking: ${what} (no fulfilment in Shopify to show it on).`,
  deliveredIn: (city: string) => `Delivered${city === "" ? "" : ` in ${city}`}, according to the carrier. Tracking stops.`,
  markedHandled: () => "Marked as handled by the merchant.",

  // Why the app followed a package no further (app/connector/endings.ts). `handle`: the provider's
  // HandleStatus as it said it; `fulfilled`: 1 once the fulfilment is in Shopify, else 0.
  providerDeleted: (packageId: string, handle: string, fulfilled: number) =>
    `The provider deleted package ${packageId} (HandleStatus ${handle}): it will not ship. If nobody at your business asked for that, ask the provider why.${inShopify(fulfilled)}`,
  providerCancelled: (packageId: string, handle: string, fulfilled: number) =>
    `The provider cancelled package ${packageId} (HandleStatus ${handle}): it will not ship. If nobody at your business asked for that, ask the provider why.${inShopify(fulfilled)}`,
  returnedToWarehouse: (packageId: string, handle: string) =>
    `Package ${packageId} was returned to the warehouse (HandleStatus ${handle}). Contact the customer, then refund or send the order again from Shopify.`,
  returnAskedFor: (packageId: string, handle: string) =>
    `A return of package ${packageId} was asked for (HandleStatus ${handle}). Contact the customer, then refund or send the order again from Shopify.`,
  beingReturned: (packageId: string, handle: string) =>
    `Package ${packageId} is being returned (HandleStatus ${handle}). Contact the customer, then refund or send the order again from Shopify.`,
  /** `why`: the provider's UnShippedReason text, "" when it gave none. */
  warehouseCouldNotShip: (packageId: string, handle: string, why: string, fulfilled: number) =>
    `The warehouse could not ship package ${packageId} (HandleStatus ${handle}${why === "" ? "" : `: ${why}`}). Ask the provider what happened to it.${inShopify(fulfilled)}`,
  /** `status`, `message`: the carrier's last checkpoint as it said it ("" when none); `day`: its day (YYYY-MM-DD, the shop's calendar day), "" when unknown. */
  carrierReturned: (status: string, day: string, message: string) =>
    `The carrier returned the parcel to the sender (${carrierSaid(status, day, message)}). Contact the customer, then refund or send the order again from Shopify.`,
  carrierLost: (status: string, day: string, message: string) =>
    `The carrier reports the parcel lost (${carrierSaid(status, day, message)}). Open a claim with the provider, and refund or send the order again from Shopify.`,
  carrierCouldNotDeliver: (status: string, day: string, message: string) =>
    `The carrier could not deliver the parcel (${carrierSaid(status, day, message)}). Ask the provider what happens to it next; the customer may need to be contacted.`,
  /** `since`: the day of the last news (YYYY-MM-DD, the shop's calendar day); `days`: the shop's days without news. */
  noNewsWhileCreating: (packageId: string, since: string, days: number) =>
    `The provider has not created package ${packageId} since ${since}: no news for ${days} days, so the app stopped following it (Settings > Orders and after sending). Ask the provider where it is.`,
  noNewsOfAccepted: (packageId: string, since: string, days: number) =>
    `The provider has not known package ${packageId} since it accepted it (${since}): no news for ${days} days, so the app stopped following it (Settings > Orders and after sending). Ask the provider where it is.`,
  noNewsWhileTravelling: (packageId: string, since: string, days: number) =>
    `Neither the provider nor the carrier has said anything new about package ${packageId} since ${since}: no news for ${days} days, so the app stopped following it (Settings > Orders and after sending). Ask the provider where it is.`,
  // Why a fulfillment order is not the app's to ship (app/connector/plan-package.ts). `status`:
  // Shopify's status of the fulfillment order (CLOSED, CANCELLED, INCOMPLETE); `method`: Shopify's delivery method.
  fulfillmentClosed: (order: string, status: string) => `This fulfillment of order ${order} is ${String(status).toLowerCase()} in Shopify.`,
  notShipped: (order: string, method: string) => `Order ${order} is not shipped (delivery method ${method}).`,
  nothingLeftToShip: (order: string) => `Order ${order} has nothing left to ship from this location.`,
  notConnectedLocation: (order: string) => `Order ${order} is assigned to a location that is not connected to the provider.`,
};
