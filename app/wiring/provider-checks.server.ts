/**
 * Settings checked with the provider before they are saved: an API token by a cheap call made with
 * it, each warehouse ID by asking for its stock (the provider names the warehouses it has when it
 * does not know one), and each service code against what the provider prices from that warehouse.
 * What the provider says is said at the field; nothing is saved until it agrees.
 */
import { createFulfilmentClient, staticToken, ProviderAuthError, ProviderError, ProviderValidationError } from "~/fulfilment";
import type { ProviderPort } from "~/flows/ports/ports";
import { env } from "~/env.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import prisma from "~/db.server";
import type { NestedSaid, Say } from "~/lib/words/reason-said";
import type { ProviderFailure } from "~/connector/provider-problem";
import { PermanentFailure } from "~/jobs/handler";
import { providerAddressRefused, providerFetch } from "./provider-address.server";
import { appPipelineDeps } from "./pipeline-deps.server";

/**
 * The provider's own words, without the request details the app's error messages carry for support;
 * null when it gave none (no answer, an answer without details): the page then says the failure in
 * the admin's words (`providerProblem`), not the client's English message.
 */
function providerWords(error: ProviderError): string | null {
  const said = error.errors.map((detail) => detail.message).filter((message) => message.trim() !== "");
  return said.length > 0 ? said.join("; ") : null;
}

/** The provider's failure as a page says it: its own words when it gave some, else the failure itself. */
export type ProviderSaid = { said: string } | { failure: ProviderFailure };

const saidOf = (error: ProviderError): ProviderSaid => {
  const said = providerWords(error);
  return said === null ? { failure: error } : { said };
};

/**
 * Why a token cannot be saved, for the page to say in the admin's language: the provider address
 * unusable (its refusal), the token refused, or the provider not answering or answering otherwise
 * (its own words, shown as it said them).
 */
export type TokenRefusal =
  | { kind: "addressUnusable"; why: NestedSaid }
  | { kind: "refused" }
  | ({ kind: "noAnswer" } & ProviderSaid)
  | ({ kind: "answered" } & ProviderSaid);

/** Why the token cannot be saved, or null when the provider answered a call made with it. */
export async function tokenRefusal(shop: string, token: string): Promise<TokenRefusal | null> {
  const settings = await getShopSettings(prisma, shop);
  const baseUrl = settings.providerBaseUrl ?? env.PROVIDER_BASE_URL;
  if (settings.providerBaseUrl !== null) {
    const refusal = await providerAddressRefused(settings.providerBaseUrl, settings.mode);
    if (refusal !== null) return { kind: "addressUnusable", why: refusal };
  }
  const client = createFulfilmentClient({
    baseUrl,
    auth: staticToken(token),
    retry: { maxAttempts: 1 },
    ...(settings.providerBaseUrl !== null ? { fetch: providerFetch(settings.mode) } : {}),
  });
  try {
    await client.searchSkus({ PageIndex: 0, PageSize: 1 });
    return null;
  } catch (error) {
    if (error instanceof ProviderAuthError) return { kind: "refused" };
    if (error instanceof ProviderError && error.retryable) return { kind: "noAnswer", ...saidOf(error) };
    if (error instanceof ProviderError) return { kind: "answered", ...saidOf(error) };
    throw error;
  }
}

export interface WarehouseCheck {
  /** The warehouse's row on the form. */
  row: string;
  warehouseId: string;
  /** Its service codes, by the field each is in. */
  services: { field: string; code: string }[];
}

/**
 * Why the provider refused a warehouse or a service, for the page to say in the admin's language;
 * `said` is the provider's own text, shown as said. The connection that cannot be opened keeps its
 * sentence when it has one (`say`, of `jobErrors`: none saved in live mode, unreadable credentials…).
 */
export type WarehouseRefusal =
  | { kind: "cannotCheck"; message: string; say?: Say }
  | { kind: "notInAccount"; known: string[] }
  | { kind: "unknown"; said: string }
  | ({ kind: "noAnswer" } & ProviderSaid)
  | { kind: "serviceNotOffered"; warehouseId: string; offered: string[] };

export interface WarehouseCheckOutcome {
  /** What the provider refused, by form field. */
  refusals: Record<string, WarehouseRefusal[]>;
  /** The warehouses the provider says it has, when it said (offered as choices on the page). */
  knownWarehouses: string[];
}

/** "unknown warehouse ZZ99; known: US01, DE01": the IDs after "known:", when the provider names them. */
export function knownWarehousesIn(message: string): string[] {
  const match = /known:\s*([A-Za-z0-9_\-, ]+)\s*$/i.exec(message.trim());
  return match?.[1]
    ? match[1]
        .split(",")
        .map((id) => id.trim())
        .filter((id) => id !== "")
    : [];
}

/**
 * Asks the provider about each warehouse (its stock, one row) and, for the warehouses it has, about
 * the services named for it (every service it prices from there, for a SKU it knows). A warehouse
 * the provider does not have is an error at its ID; a service it does not offer there, at the
 * service's field. The provider unreachable is one error at the first warehouse: try again.
 */
export async function checkWarehouses(shop: string, warehouses: readonly WarehouseCheck[]): Promise<WarehouseCheckOutcome> {
  const outcome: WarehouseCheckOutcome = { refusals: {}, knownWarehouses: [] };
  if (warehouses.length === 0) return outcome;
  const refuse = (field: string, refusal: WarehouseRefusal) => (outcome.refusals[field] = [...(outcome.refusals[field] ?? []), refusal]);
  let provider: ProviderPort;
  try {
    provider = await appPipelineDeps().provider(shop);
  } catch (error) {
    const first = warehouses[0];
    if (first)
      refuse(`warehouses.${first.row}.warehouseId`, {
        kind: "cannotCheck",
        message: error instanceof Error ? error.message : String(error),
        ...(error instanceof PermanentFailure && error.said !== undefined ? { say: error.said.say } : {}),
      });
    return outcome;
  }
  const sku = await anySkuOf(provider);
  for (const warehouse of warehouses) {
    const idField = `warehouses.${warehouse.row}.warehouseId`;
    try {
      await provider.inventoryAge({ WarehouseId: warehouse.warehouseId, PageIndex: 0, PageSize: 1 });
    } catch (error) {
      if (error instanceof ProviderValidationError && error.sent) {
        const words = providerWords(error) ?? error.message;
        const known = knownWarehousesIn(words);
        if (known.length > 0) outcome.knownWarehouses = known;
        refuse(idField, known.length > 0 ? { kind: "notInAccount", known } : { kind: "unknown", said: words });
        continue;
      }
      if (error instanceof ProviderError) {
        refuse(idField, { kind: "noAnswer", ...saidOf(error) });
        continue;
      }
      throw error;
    }
    if (warehouse.services.length === 0 || sku === null) continue;
    let offered: Set<string>;
    try {
      const prices = await provider.priceAllServices({
        WarehouseId: warehouse.warehouseId,
        Country: "US",
        Skus: [{ Sku: sku, Quantity: 1 }],
        IncludeUnsuccessful: true,
      });
      offered = new Set(prices.map((price) => price.ServiceCode.toUpperCase()));
    } catch (error) {
      if (error instanceof ProviderError) continue;
      throw error;
    }
    if (offered.size === 0) continue;
    for (const { field, code } of warehouse.services) {
      if (!offered.has(code.toUpperCase()))
        refuse(field, { kind: "serviceNotOffered", warehouseId: warehouse.warehouseId, offered: [...offered].sort() });
    }
  }
  return outcome;
}

/** A SKU the provider knows, to price services with; null for an account with none. */
async function anySkuOf(provider: ProviderPort): Promise<string | null> {
  try {
    const page = await provider.searchSkus({ PageIndex: 0, PageSize: 1 });
    return page.SkuInfoList[0]?.Sku ?? null;
  } catch {
    return null;
  }
}

/**
 * The warehouse rows of a submitted routing form that are new, or whose services changed since
 * `stored`: what the provider is asked about before saving. Blank rows are not rows.
 */
export function warehousesToCheck(
  form: FormData | URLSearchParams,
  stored: {
    warehouses: readonly {
      warehouseId: string;
      services: { defaultService: string | null; byCountry: Record<string, string>; byShippingMethod: Record<string, string> };
    }[];
  },
): WarehouseCheck[] {
  const before = new Map(
    stored.warehouses.map((warehouse) => {
      const { defaultService, byCountry, byShippingMethod } = warehouse.services;
      const codes = [defaultService ?? "", ...Object.values(byCountry), ...Object.values(byShippingMethod)];
      return [
        warehouse.warehouseId,
        codes
          .filter((code) => code !== "")
          .map((code) => code.toUpperCase())
          .sort()
          .join(" "),
      ];
    }),
  );
  const rows = new Set([...form.keys()].flatMap((name) => /^warehouses\.(\d+)\.warehouseId$/.exec(name)?.[1] ?? []));
  return [...rows].flatMap((row) => {
    const warehouseId = String(form.get(`warehouses.${row}.warehouseId`) ?? "").trim();
    if (warehouseId === "") return [];
    const service = new RegExp(`^warehouses\\.${row}\\.(defaultService|byCountry\\.\\d+\\.service|byShippingMethod\\.\\d+\\.service)$`);
    const services = [...form.entries()].flatMap(([field, value]) =>
      service.test(field) && typeof value === "string" && value.trim() !== "" ? [{ field, code: value.trim() }] : [],
    );
    const codes = services
      .map(({ code }) => code.toUpperCase())
      .sort()
      .join(" ");
    return before.get(warehouseId) === codes ? [] : [{ row, warehouseId, services }];
  });
}
