/**
 * "Refresh from the provider" on the shipment page: one package's state asked for now, with the
 * single-package operations (17, `directExpressOrders/{packageId}/status`, for drop-ship; 15 with
 * this one PackageId for outbound, the provider having no single outbound status query), instead of
 * waiting for the next poll. A package still being created is moved on exactly as the poll would
 * (created, failed, ended); for any other the answer is recorded in the timeline, with the shipping
 * costs it reports. Only the shop's own shipments are asked about.
 */
import type { Shipment } from "@prisma/client";
import { ProviderError, ProviderNotFoundError } from "~/fulfilment";
import type { Database } from "~/stores/database/database.server";
import { recordShipmentEvent } from "~/stores/shipments/shipment.server";
import type { PipelineDeps } from "../ports/deps";
import type { ProviderPort } from "../ports/ports";
import { queueWriteBack } from "../queue/stages.server";
import { applySubmitted, lazyShop, shippingCostColumns, statusSummary } from "./status-poll.server";
import type { StatusRecord } from "./provider-status";
import { log } from "~/lib/log.server";

export type RefreshOutcome =
  { outcome: "refreshed"; message: string } | { outcome: "unknown"; message: string } | { outcome: "refused"; message: string };

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
  if (shipment === null) return { outcome: "refused", message: "No such shipment in this shop." };
  if (!canRefresh(shipment))
    return { outcome: "refused", message: "The package has not reached the provider: there is nothing to ask it yet." };

  let record: StatusRecord | undefined;
  try {
    record = await recordOf(await deps.provider(shop), shipment);
  } catch (error) {
    if (!(error instanceof ProviderNotFoundError) && error instanceof ProviderError) {
      return { outcome: "refused", message: `The provider could not be asked just now (${error.message}). Try again in a moment.` };
    }
    if (!(error instanceof ProviderNotFoundError)) throw error;
  }
  const now = deps.now();
  if (record === undefined) {
    await recordShipmentEvent(db, shipment.id, {
      type: "status_polled",
      message: `Refreshed from the provider on request: it does not know package ${shipment.packageId} (yet).`,
      data: { operation: operationOf(shipment), requestedBy: "person", received: null },
    });
    return {
      outcome: "unknown",
      message: `The provider does not know package ${shipment.packageId} (yet): its records may lag behind; the app keeps asking.`,
    };
  }

  const summary = statusSummary(record);
  const said = `${record.Status}${record.HandleStatus ? `, ${record.HandleStatus}` : ""}${record.TrackingNumber ? `, tracking number ${record.TrackingNumber}` : ""}`;
  await db.$transaction(async (tx) => {
    await recordShipmentEvent(tx, shipment.id, {
      type: "status_polled",
      message: `Refreshed from the provider on request: ${said}.`,
      data: { operation: operationOf(shipment), requestedBy: "person", received: summary },
    });
    const costs = shippingCostColumns(record, now);
    await tx.shipment.update({ where: { id: shipment.id }, data: { ...costs, lastPolledAt: now } });
  });
  if (shipment.state === "SUBMITTED") {
    await applySubmitted({ db, logger: log.child({ shop }) }, deps, lazyShop(deps, shop), { ...shipment, lastPolledAt: now }, record);
  }
  const after = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, select: { state: true } });
  // Created now: written back to Shopify as the poll would have it.
  if (after.state === "CREATED" && shipment.state === "SUBMITTED") await queueWriteBack(db, shop, deps.now());
  const moved = after.state !== shipment.state ? ` The shipment is now ${after.state.toLowerCase()}.` : "";
  return { outcome: "refreshed", message: `Refreshed from the provider: ${said}.${moved}` };
}
