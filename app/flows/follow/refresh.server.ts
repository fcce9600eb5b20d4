/**
 * "Refresh from the provider" on the shipment page: one package's state asked for now, with the
 * single-package operations (17, `directExpressOrders/{packageId}/status`, for drop-ship; 15 with
 * this one PackageId for outbound, the provider having no single outbound status query), instead of
 * waiting for the next poll. A package still being created is moved on exactly as the poll would
 * (created, failed, ended); for any other the answer is recorded in the timeline, with the shipping
 * costs it reports. Only the shop's own shipments are asked about.
 */
import type { Shipment } from "@prisma/client";
import type { ProviderFailure } from "~/connector/provider-problem";
import { ProviderError, ProviderNotFoundError } from "~/fulfilment";
import type { Database } from "~/stores/database/database.server";
import { recordShipmentEvent } from "~/stores/shipments/shipment.server";
import { updateShipmentCosts } from "~/stores/shipments/shipping-cost-months.server";
import type { PipelineDeps } from "../ports/deps";
import type { ProviderPort } from "../ports/ports";
import { queueWriteBack } from "../queue/stages.server";
import { applySubmitted, lazyShop, shippingCostColumns, statusSummary } from "./status-poll.server";
import type { StatusRecord } from "./provider-status";
import { log } from "~/lib/log.server";
import type { NestedSaid } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";

/** What Refresh answers: `message` in English, `say` to say it again in the merchant's language. */
/**
 * `failure`: the provider's, when it could not be asked: the page says it in the admin's words
 * (connector/provider-problem.ts), the sentence's English quoting the client's message being for logs.
 */
export type RefreshOutcome = { outcome: "refreshed" | "unknown" | "refused"; failure?: ProviderFailure } & NestedSaid;

/** States in which the provider has (or had) the package. */
const AT_THE_PROVIDER = new Set<Shipment["state"]>(["SUBMITTED", "CREATED", "FULFILLED", "DELIVERED", "ENDED", "FAILED"]);

/** Whether the page offers the refresh: the package reached the provider once. */
export function canRefresh(shipment: Pick<Shipment, "state" | "submittedAt">): boolean {
  return AT_THE_PROVIDER.has(shipment.state) && shipment.submittedAt !== null;
}

async function recordOf(provider: ProviderPort, shipment: Shipment): Promise<StatusRecord | undefined> {
  if (shipment.kind === "DROPSHIP") return provider.dropshipStatus({ packageId: shipment.packageId });
  const records = await provider.outboundStatuses({ idType: "PackageId", Ids: [shipment.packageId] });
  return records.find((record) => record.PackageId === shipment.packageId);
}

const operationOf = (shipment: Shipment) => (shipment.kind === "DROPSHIP" ? "dropshipStatus" : "outboundStatuses");

export async function refreshShipment(db: Database, deps: PipelineDeps, shop: string, id: string): Promise<RefreshOutcome> {
  const shipment = await db.shipment.findFirst({ where: { id, shop } });
  if (shipment === null) return { outcome: "refused", ...timelineSaid("noSuchShipment") };
  if (!canRefresh(shipment)) return { outcome: "refused", ...timelineSaid("notAtProviderYet") };

  let record: StatusRecord | undefined;
  try {
    record = await recordOf(await deps.provider(shop), shipment);
  } catch (error) {
    if (!(error instanceof ProviderNotFoundError) && error instanceof ProviderError) {
      return { outcome: "refused", ...timelineSaid("providerNotAskedNow", error.message), failure: error };
    }
    if (!(error instanceof ProviderNotFoundError)) throw error;
  }
  const now = deps.now();
  if (record === undefined) {
    const notKnown = timelineSaid("refreshedNotKnown", shipment.packageId);
    await recordShipmentEvent(db, shipment.id, {
      type: "status_polled",
      message: notKnown.message,
      data: { operation: operationOf(shipment), requestedBy: "person", received: null, say: notKnown.say },
    });
    return { outcome: "unknown", ...timelineSaid("providerDoesNotKnowYet", shipment.packageId) };
  }

  const summary = statusSummary(record);
  // The provider's own words, quoted inside our sentences.
  const said = timelineSaid("providerSaid", String(record.Status), record.HandleStatus ?? "", record.TrackingNumber ?? "");
  const onRequest = timelineSaid("refreshedOnRequest", said);
  await db.$transaction(async (tx) => {
    await recordShipmentEvent(tx, shipment.id, {
      type: "status_polled",
      message: onRequest.message,
      data: { operation: operationOf(shipment), requestedBy: "person", received: summary, say: onRequest.say },
    });
    // Costs reported again replace the ones the shipment had, in Home's months too.
    await updateShipmentCosts(tx, shipment.id, { ...shippingCostColumns(record, now), lastPolledAt: now });
  });
  if (shipment.state === "SUBMITTED") {
    await applySubmitted({ db, logger: log.child({ shop }) }, deps, lazyShop(deps, shop), { ...shipment, lastPolledAt: now }, record);
  }
  const after = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, select: { state: true } });
  // Created now: written back to Shopify as the poll would have it.
  if (after.state === "CREATED" && shipment.state === "SUBMITTED") await queueWriteBack(db, shop, deps.now());
  const answer = after.state !== shipment.state ? timelineSaid("refreshedNowState", said, after.state) : timelineSaid("refreshed", said);
  return { outcome: "refreshed", ...answer };
}
