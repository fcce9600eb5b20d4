/**
 * The shop's locations: the merchant's own (drop-ship parcels leave from those the merchant maps to
 * the provider) and the app's fulfillment-service locations (one per provider warehouse).
 */
import { z } from "zod";
import {
  assertNoUserErrors,
  nextCursorOf,
  PageInfo,
  resultOf,
  runGraphql,
  UserErrors,
  type AdminGraphql,
  type Page,
} from "./admin-graphql.server";
import { LocationGid } from "./ids";

const LOCATIONS_PER_PAGE = 50;

const LOCATION_FIELDS = `#graphql
  fragment LocationFields on Location {
    id
    name
    isActive
    fulfillsOnlineOrders
    fulfillmentService { handle }
    address { address1 address2 city provinceCode zip countryCode }
  }`;

export const ShopLocation = z
  .object({
    id: LocationGid,
    name: z.string(),
    isActive: z.boolean(),
    fulfillsOnlineOrders: z.boolean(),
    /** Set on the locations fulfillment services own, e.g. the app's "provider-us01". */
    fulfillmentService: z.object({ handle: z.string() }).nullable(),
    address: z.object({
      address1: z.string().nullable(),
      address2: z.string().nullable(),
      city: z.string().nullable(),
      provinceCode: z.string().nullable(),
      zip: z.string().nullable(),
      countryCode: z.string().nullable(),
    }),
  })
  .transform(({ fulfillmentService, ...location }) => ({
    ...location,
    fulfillmentServiceHandle: fulfillmentService?.handle ?? null,
  }));
export type ShopLocation = z.infer<typeof ShopLocation>;

// includeLegacy: fulfillment services' locations are "legacy" locations, left out unless asked for.
// includeInactive: a deactivated location the merchant had mapped must show as such, not vanish.
const LOCATIONS = `#graphql
  query Locations($after: String) {
    locations(first: ${LOCATIONS_PER_PAGE}, after: $after, includeLegacy: true, includeInactive: true) {
      nodes { ...LocationFields }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${LOCATION_FIELDS}`;

/** One page of the shop's locations, active or not, the app's fulfillment-service ones included. */
export async function listLocations(admin: AdminGraphql, options: { after?: string | null } = {}): Promise<Page<ShopLocation>> {
  const { data, cost } = await runGraphql(
    admin,
    LOCATIONS,
    { after: options.after ?? null },
    z.object({ locations: z.object({ nodes: z.array(ShopLocation), pageInfo: PageInfo }) }),
  );
  return { items: data.locations.nodes, nextCursor: nextCursorOf(data.locations.pageInfo), cost };
}

/** A location's address as LocationEditAddressInput takes it; fields left out stay as they are. */
export interface LocationAddress {
  countryCode: string;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  provinceCode?: string | null;
  zip?: string | null;
  phone?: string | null;
}

const LOCATION_EDIT = `#graphql
  mutation LocationEdit($id: ID!, $input: LocationEditInput!) {
    locationEdit(id: $id, input: $input) {
      location { ...LocationFields }
      userErrors { field message code }
    }
  }
  ${LOCATION_FIELDS}`;

/**
 * Moves a location, e.g. a warehouse's fulfillment-service location (created with the shop's own
 * address) to the warehouse's country, so Shopify's shipping zones and duties see the truth.
 */
export async function editLocationAddress(admin: AdminGraphql, id: LocationGid, address: LocationAddress): Promise<ShopLocation> {
  const { data, operation } = await runGraphql(
    admin,
    LOCATION_EDIT,
    { id, input: { address } },
    z.object({ locationEdit: z.object({ location: ShopLocation.nullable(), userErrors: UserErrors }) }),
  );
  assertNoUserErrors(operation, data.locationEdit.userErrors);
  return resultOf(operation, "location", data.locationEdit.location);
}
