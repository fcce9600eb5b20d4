/**
 * The carrier service through which Shopify asks the app for live shipping rates at checkout (the
 * provider's prices for the parcel). One per shop; Shopify refuses a second one of the same name.
 */
import { z } from "zod";
import {
  assertNoUserErrors,
  collectPages,
  nextCursorOf,
  PageInfo,
  payloadOf,
  resultOf,
  runGraphql,
  UserErrors,
  type AdminGraphql,
  type Page,
} from "./admin-graphql.server";
import { CarrierServiceGid } from "./ids";

const CARRIER_SERVICE_FIELDS = `#graphql
  fragment CarrierServiceFields on DeliveryCarrierService { id name formattedName callbackUrl active supportsServiceDiscovery }`;

export const CarrierService = z.object({
  id: CarrierServiceGid,
  name: z.string().nullable(),
  /** As checkout shows it, e.g. "Provider rates (Rates provided by app)". */
  formattedName: z.string().nullable(),
  callbackUrl: z.string().nullable(),
  active: z.boolean(),
  supportsServiceDiscovery: z.boolean(),
});
export type CarrierService = z.infer<typeof CarrierService>;

/** DeliveryCarrierServiceCreateInput: 2026-10 requires all four. */
export interface CarrierServiceInput {
  name: string;
  /** Where Shopify posts the rate request at checkout. */
  callbackUrl: string;
  active: boolean;
  /** Lets the merchant see the rates with a dummy parcel in the admin's shipping settings. */
  supportsServiceDiscovery: boolean;
}

const CARRIER_SERVICE_CREATE = `#graphql
  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {
    carrierServiceCreate(input: $input) {
      carrierService { ...CarrierServiceFields }
      userErrors { field message code }
    }
  }
  ${CARRIER_SERVICE_FIELDS}`;

export async function createCarrierService(admin: AdminGraphql, input: CarrierServiceInput): Promise<CarrierService> {
  const { name, callbackUrl, active, supportsServiceDiscovery } = input;
  const { data, operation } = await runGraphql(
    admin,
    CARRIER_SERVICE_CREATE,
    { input: { name, callbackUrl, active, supportsServiceDiscovery } },
    payloadOf("carrierServiceCreate", z.object({ carrierService: CarrierService.nullable(), userErrors: UserErrors })),
  );
  assertNoUserErrors(operation, data.userErrors);
  return resultOf(operation, "carrierService", data.carrierService);
}

const CARRIER_SERVICES = `#graphql
  query CarrierServices($after: String) {
    carrierServices(first: 50, after: $after) {
      nodes { ...CarrierServiceFields }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${CARRIER_SERVICE_FIELDS}`;

/** One page of the shop's carrier services (other apps' included): to find ours before creating it. */
export async function listCarrierServices(admin: AdminGraphql, options: { after?: string | null } = {}): Promise<Page<CarrierService>> {
  const { data, cost } = await runGraphql(
    admin,
    CARRIER_SERVICES,
    { after: options.after ?? null },
    z.object({ carrierServices: z.object({ nodes: z.array(CarrierService), pageInfo: PageInfo }) }),
  );
  return { items: data.carrierServices.nodes, nextCursor: nextCursorOf(data.carrierServices.pageInfo), cost };
}

const CARRIER_SERVICE_UPDATE = `#graphql
  mutation CarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {
    carrierServiceUpdate(input: $input) {
      carrierService { ...CarrierServiceFields }
      userErrors { field message code }
    }
  }
  ${CARRIER_SERVICE_FIELDS}`;

/** Points the service at `callbackUrl` and makes it active (the app's address changed, or it was deactivated). */
export async function updateCarrierService(
  admin: AdminGraphql,
  id: CarrierServiceGid,
  input: Pick<CarrierServiceInput, "callbackUrl" | "active">,
): Promise<CarrierService> {
  const { data, operation } = await runGraphql(
    admin,
    CARRIER_SERVICE_UPDATE,
    { input: { id, callbackUrl: input.callbackUrl, active: input.active } },
    payloadOf("carrierServiceUpdate", z.object({ carrierService: CarrierService.nullable(), userErrors: UserErrors })),
  );
  assertNoUserErrors(operation, data.userErrors);
  return resultOf(operation, "carrierService", data.carrierService);
}

/**
 * The app's carrier service, created only if the shop does not have one of that name yet (setup ran
 * before); one found with another callback URL or inactive is brought up to date.
 */
export async function ensureCarrierService(
  admin: AdminGraphql,
  input: CarrierServiceInput,
): Promise<{ service: CarrierService; created: boolean }> {
  const services = await collectPages((after) => listCarrierServices(admin, { after }));
  const existing = services.find((service) => service.name === input.name);
  if (existing && existing.callbackUrl === input.callbackUrl && existing.active === input.active)
    return { service: existing, created: false };
  if (existing) return { service: await updateCarrierService(admin, existing.id, input), created: false };
  return { service: await createCarrierService(admin, input), created: true };
}

const CARRIER_SERVICE_DELETE = `#graphql
  mutation CarrierServiceDelete($id: ID!) {
    carrierServiceDelete(id: $id) {
      deletedId
      userErrors { field message code }
    }
  }`;

/**
 * Removes the carrier service: checkout stops asking the app for rates. True when Shopify deleted
 * it, false when Shopify no longer has it (deleted in the admin, or with the app's uninstall).
 */
export async function deleteCarrierService(admin: AdminGraphql, id: CarrierServiceGid): Promise<boolean> {
  const { data, operation } = await runGraphql(
    admin,
    CARRIER_SERVICE_DELETE,
    { id },
    payloadOf("carrierServiceDelete", z.object({ deletedId: z.string().nullable(), userErrors: UserErrors })),
  );
  if (data.deletedId === null && data.userErrors.length > 0 && (await carrierServiceGone(admin, id))) return false;
  assertNoUserErrors(operation, data.userErrors);
  return true;
}

const CARRIER_SERVICE = `#graphql
  query CarrierService($id: ID!) { carrierService(id: $id) { id } }`;

async function carrierServiceGone(admin: AdminGraphql, id: CarrierServiceGid): Promise<boolean> {
  const { data } = await runGraphql(admin, CARRIER_SERVICE, { id }, z.object({ carrierService: z.object({ id: z.string() }).nullable() }));
  return data.carrierService === null;
}
