/**
 * The provider's tracking checkpoints as Shopify fulfilment events. Pure: which
 * FulfillmentEventStatus a checkpoint becomes, what makes a checkpoint the same one when it is read
 * again (under a replaced tracking number too), and the order they are written in.
 */
import { createHash } from "node:crypto";
import type { CheckpointDto, TrackingResult } from "~/fulfilment";
import { FulfillmentEventStatus } from "~/shopify/fulfillment-event-status";

export { FulfillmentEventStatus };

/**
 * The provider's TrackingStatus (the reference lists at least Processing, PickUp, InTransit and
 * Delivered; carriers add more) → Shopify's status. Anything unknown is in transit, never an
 * error: a parcel with an unfamiliar checkpoint is still on its way (DESIGN.md section 6).
 */
const BY_TRACKING_STATUS: Readonly<Record<string, FulfillmentEventStatus>> = {
  processing: "CONFIRMED",
  inforeceived: "CONFIRMED",
  labelprinted: "LABEL_PRINTED",
  labelcreated: "LABEL_PRINTED",
  pickup: "CARRIER_PICKED_UP",
  pickedup: "CARRIER_PICKED_UP",
  intransit: "IN_TRANSIT",
  outfordelivery: "OUT_FOR_DELIVERY",
  delivered: "DELIVERED",
  availableforpickup: "READY_FOR_PICKUP",
  readyforpickup: "READY_FOR_PICKUP",
  attemptfail: "ATTEMPTED_DELIVERY",
  attemptfailed: "ATTEMPTED_DELIVERY",
  attempteddelivery: "ATTEMPTED_DELIVERY",
  delayed: "DELAYED",
  exception: "FAILURE",
  failure: "FAILURE",
  failed: "FAILURE",
  deliveryfailed: "FAILURE",
  undeliverable: "FAILURE",
  returned: "FAILURE",
  returntosender: "FAILURE",
  returnedtosender: "FAILURE",
  lost: "FAILURE",
  expired: "FAILURE",
};

export function eventStatusOf(trackingStatus: string | null | undefined): FulfillmentEventStatus {
  if (!trackingStatus) return "IN_TRANSIT";
  return BY_TRACKING_STATUS[trackingStatus.replace(/[^A-Za-z]/g, "").toLowerCase()] ?? "IN_TRANSIT";
}

/** A checkpoint ready to be written to Shopify. */
export interface TrackingCheckpoint {
  /** Stable across reads and across a replaced tracking number (see checkpointKey). */
  key: string;
  status: FulfillmentEventStatus;
  /** The provider's own status, kept for support. */
  trackingStatus: string | null;
  happenedAt: Date | null;
  message: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip: string | null;
}

/**
 * When, what and where: the same checkpoint read twice (or through the final number that replaced
 * a non-final one) has the same key, so it is written once. The tracking number is left out on
 * purpose.
 */
export function checkpointKey(checkpoint: CheckpointDto): string {
  const identity = [checkpoint.DateTime ?? "", checkpoint.TrackingStatus ?? "", checkpoint.Location ?? "", checkpoint.Message ?? ""].join(
    "\u0000",
  );
  return `${checkpoint.DateTime ?? "undated"}#${createHash("sha256").update(identity).digest("hex").slice(0, 16)}`;
}

function dateOf(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The checkpoints of a tracking result, oldest first (the provider lists them newest first), each once. */
export function checkpointsOf(result: TrackingResult): TrackingCheckpoint[] {
  const seen = new Set<string>();
  const checkpoints: TrackingCheckpoint[] = [];
  for (const checkpoint of result.Checkpoints) {
    const key = checkpointKey(checkpoint);
    if (seen.has(key)) continue;
    seen.add(key);
    checkpoints.push({
      key,
      status: eventStatusOf(checkpoint.TrackingStatus),
      trackingStatus: checkpoint.TrackingStatus ?? null,
      happenedAt: dateOf(checkpoint.DateTime),
      message: checkpoint.Message ?? null,
      city: checkpoint.LocationAddress?.City ?? null,
      province: checkpoint.LocationAddress?.Province ?? null,
      country: checkpoint.LocationAddress?.Country ?? null,
      zip: checkpoint.LocationAddress?.Postcode ?? null,
    });
  }
  // Stable for equal or missing times: the provider's own order, reversed.
  return checkpoints
    .map((checkpoint, index) => ({ checkpoint, index }))
    .sort((a, b) => {
      const at = a.checkpoint.happenedAt?.getTime();
      const bt = b.checkpoint.happenedAt?.getTime();
      if (at !== undefined && bt !== undefined && at !== bt) return at - bt;
      return b.index - a.index;
    })
    .map(({ checkpoint }) => checkpoint);
}

/** True once the parcel has arrived: polling stops. */
export function isDelivered(result: TrackingResult, checkpoints: readonly TrackingCheckpoint[]): boolean {
  return eventStatusOf(result.TrackingStatus) === "DELIVERED" || checkpoints.some((c) => c.status === "DELIVERED");
}
