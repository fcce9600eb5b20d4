/**
 * One Shopify fulfillment service per provider warehouse the merchant enables. Creating one also
 * creates its Location (named after it, at the shop's address); products stocked there are
 * fulfilled by the app, which Shopify asks through the callback URL.
 */
import { z } from "zod";
import { assertNoUserErrors, resultOf, runGraphql, UserErrors, type AdminGraphql } from "./admin-graphql.server";
import { ShopifyUserError } from "./errors";
import { FulfillmentServiceGid, LocationGid } from "./ids";
import { editLocationAddress, type LocationAddress } from "./locations.server";

const FULFILLMENT_SERVICE_FIELDS = `#graphql
  fragment FulfillmentServiceFields on FulfillmentService {
    id
    serviceName
    handle
    type
    callbackUrl
    inventoryManagement
    trackingSupport
    requiresShippingMethod
    location { id name address { countryCode } }
  }`;

export const FulfillmentService = z
  .object({
    id: FulfillmentServiceGid,
    serviceName: z.string(),
    handle: z.string(),
    /** THIRD_PARTY for apps' services; MANUAL and GIFT_CARD are Shopify's own. */
    type: z.enum(["THIRD_PARTY", "MANUAL", "GIFT_CARD"]),
    callbackUrl: z.string().nullable(),
    inventoryManagement: z.boolean(),
    trackingSupport: z.boolean(),
    requiresShippingMethod: z.boolean(),
    location: z.object({ id: LocationGid, name: z.string(), address: z.object({ countryCode: z.string().nullable() }) }).nullable(),
  })
  .transform(({ location, ...service }) => ({
    ...service,
    locationId: location?.id ?? null,
    /** Where Shopify thinks the warehouse is (the shop's country until the app moves it). */
    locationCountryCode: location?.address.countryCode ?? null,
  }));
export type FulfillmentService = z.infer<typeof FulfillmentService>;

const FULFILLMENT_SERVICES = `#graphql
  query FulfillmentServices {
    shop { fulfillmentServices { ...FulfillmentServiceFields } }
  }
  ${FULFILLMENT_SERVICE_FIELDS}`;

/** Every fulfillment service installed on the shop (other apps' and Shopify's own included). */
export async function listFulfillmentServices(admin: AdminGraphql): Promise<FulfillmentService[]> {
  const { data } = await runGraphql(
    admin,
    FULFILLMENT_SERVICES,
    {},
    z.object({ shop: z.object({ fulfillmentServices: z.array(FulfillmentService) }) }),
  );
  return data.shop.fulfillmentServices;
}

export interface FulfillmentServiceInput {
  /** What the merchant sees as the location's name, e.g. "Provider US01 (Los Angeles)". */
  name: string;
  /** Where fulfillment and cancellation requests are announced (`/fulfillment_order_notification` is appended). */
  callbackUrl: string;
  /** Whether checkout must offer a shipping method for products stocked here (Shopify's default: yes). */
  requiresShippingMethod?: boolean;
}

// No permitsSkuSharing: it is gone from 2026-10, and sending it is an error.
// inventoryManagement and trackingSupport false: they promise Shopify the callback URL serves
// /fetch_stock and /fetch_tracking_numbers, which it does not; stock is written with
// inventorySetQuantities and tracking with fulfillmentCreate (docs/decisions/0015).
const FULFILLMENT_SERVICE_CREATE = `#graphql
  mutation FulfillmentServiceCreate($name: String!, $callbackUrl: URL, $requiresShippingMethod: Boolean!) {
    fulfillmentServiceCreate(
      name: $name
      callbackUrl: $callbackUrl
      inventoryManagement: false
      trackingSupport: false
      requiresShippingMethod: $requiresShippingMethod
    ) {
      fulfillmentService { ...FulfillmentServiceFields }
      userErrors { field message }
    }
  }
  ${FULFILLMENT_SERVICE_FIELDS}`;

/**
 * Creates the service with its callback URL for fulfillment and cancellation requests. It promises
 * neither stock nor tracking endpoints: the app writes both through the Admin API (decision 0015).
 */
export async function createFulfillmentService(admin: AdminGraphql, input: FulfillmentServiceInput): Promise<FulfillmentService> {
  const { data, operation } = await runGraphql(
    admin,
    FULFILLMENT_SERVICE_CREATE,
    { name: input.name, callbackUrl: input.callbackUrl, requiresShippingMethod: input.requiresShippingMethod ?? true },
    z.object({ fulfillmentServiceCreate: z.object({ fulfillmentService: FulfillmentService.nullable(), userErrors: UserErrors }) }),
  );
  assertNoUserErrors(operation, data.fulfillmentServiceCreate.userErrors);
  return resultOf(operation, "fulfillmentService", data.fulfillmentServiceCreate.fulfillmentService);
}

const FULFILLMENT_SERVICE_UPDATE = `#graphql
  mutation FulfillmentServiceUpdate($id: ID!, $callbackUrl: URL) {
    fulfillmentServiceUpdate(id: $id, callbackUrl: $callbackUrl, inventoryManagement: false, trackingSupport: false) {
      fulfillmentService { ...FulfillmentServiceFields }
      userErrors { field message }
    }
  }
  ${FULFILLMENT_SERVICE_FIELDS}`;

/**
 * A service registered before decision 0015 (promising stock and tracking endpoints), or with
 * another callback URL (the app moved): registered again as the app works now.
 */
export async function updateFulfillmentService(
  admin: AdminGraphql,
  service: FulfillmentService,
  input: Pick<FulfillmentServiceInput, "callbackUrl">,
): Promise<FulfillmentService> {
  const { data, operation } = await runGraphql(
    admin,
    FULFILLMENT_SERVICE_UPDATE,
    { id: service.id, callbackUrl: input.callbackUrl },
    z.object({ fulfillmentServiceUpdate: z.object({ fulfillmentService: FulfillmentService.nullable(), userErrors: UserErrors }) }),
  );
  assertNoUserErrors(operation, data.fulfillmentServiceUpdate.userErrors);
  return resultOf(operation, "fulfillmentService", data.fulfillmentServiceUpdate.fulfillmentService);
}

/** Whether the service is registered as the app works now: no stock or tracking promises, our callback URL. */
export function registeredAsNow(service: FulfillmentService, input: Pick<FulfillmentServiceInput, "callbackUrl">): boolean {
  return !service.inventoryManagement && !service.trackingSupport && service.callbackUrl === input.callbackUrl;
}

/** Shopify's handle for a name: lower case, runs of anything else as one hyphen. */
function handleOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function findByName(services: FulfillmentService[], name: string): FulfillmentService | undefined {
  const wanted = name.trim().toLowerCase();
  return services.find((s) => s.type === "THIRD_PARTY" && (s.serviceName.trim().toLowerCase() === wanted || s.handle === handleOf(name)));
}

/**
 * The warehouse's fulfillment service, created only if the shop does not have one of that name yet
 * (setup may run again after a crash, or twice at once), registered again when it promises what
 * the app does not serve or calls back elsewhere (updateFulfillmentService), and its location moved
 * to the warehouse's country when `address` is given and Shopify has it elsewhere.
 */
export async function ensureFulfillmentService(
  admin: AdminGraphql,
  input: FulfillmentServiceInput & { address?: LocationAddress },
): Promise<{ service: FulfillmentService; created: boolean }> {
  let service = findByName(await listFulfillmentServices(admin), input.name);
  if (service && !registeredAsNow(service, input)) service = await updateFulfillmentService(admin, service, input);
  const created = service === undefined;
  if (!service) {
    try {
      service = await createFulfillmentService(admin, input);
    } catch (error) {
      // Another run created it between our list and our create: use that one.
      const raced = error instanceof ShopifyUserError ? findByName(await listFulfillmentServices(admin), input.name) : undefined;
      if (!raced) throw error;
      return ensureLocation(admin, raced, input.address, false);
    }
  }
  return ensureLocation(admin, service, input.address, created);
}

async function ensureLocation(
  admin: AdminGraphql,
  service: FulfillmentService,
  address: LocationAddress | undefined,
  created: boolean,
): Promise<{ service: FulfillmentService; created: boolean }> {
  if (!address || !service.locationId || service.locationCountryCode === address.countryCode) return { service, created };
  const location = await editLocationAddress(admin, service.locationId, address);
  return { service: { ...service, locationCountryCode: location.address.countryCode }, created };
}
