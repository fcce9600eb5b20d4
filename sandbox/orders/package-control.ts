/**
 * What a test or a demo makes the provider do to a package it has, beyond what the clock brings
 * (control route `POST /__sandbox/packages/:packageId`): its HandleStatus set by hand (the provider
 * deleted, cancelled or returned it), the carrier's last word (Returned, Lost, Exception...), the
 * carrier falling silent, and a drop-ship package that travels in several parcels (ExtraTrackNumber).
 */
import { z } from "zod";
import { DirectExpressOrderStatus, OutboundOrderStatus } from "../../app/fulfilment/schemas";
import { notFound, SandboxError } from "../errors";
import type { SandboxContext } from "../operation";
import type { DropshipOrder, OutboundOrder } from "../state";
import { parseOrReject } from "../validation";
import { newTrackingNumber } from "./ids";
import { findService } from "../world";

const dropshipStatuses = DirectExpressOrderStatus.options[0].options;
const outboundStatuses = OutboundOrderStatus.options[0].options;

export const PackageChange = z
  .object({
    /** Which namespace the PackageId is in, when both have it. */
    kind: z.enum(["dropship", "outbound"]).optional(),
    /** The provider's HandleStatus from now on; null: back to the one the clock gives. */
    handleStatus: z.string().min(1).nullable().optional(),
    /** A last checkpoint with this TrackingStatus now (Returned, Lost, Exception, ...); nothing follows it. */
    trackingStatus: z.string().min(1).optional(),
    /** The last checkpoint's message; by default one that names the status. */
    message: z.string().min(1).max(200).optional(),
    /** The carrier says nothing more from now on. */
    silent: z.literal(true).optional(),
    /** Drop-ship: the package travels in this many more parcels, each with its tracking number. */
    extraParcels: z.number().int().min(1).max(9).optional(),
  })
  .strict();
export type PackageChange = z.infer<typeof PackageChange>;

type Found = { kind: "dropship"; order: DropshipOrder } | { kind: "outbound"; order: OutboundOrder };

function findPackage(ctx: SandboxContext, packageId: string, kind: PackageChange["kind"]): Found {
  const dropship = kind === "outbound" ? undefined : ctx.state.dropships.get(packageId);
  const outbound = kind === "dropship" ? undefined : ctx.state.outbounds.get(packageId);
  if (dropship && outbound)
    throw new SandboxError(400, [{ Code: "kind", Message: "is required: both a drop-ship and an outbound package have this PackageId" }]);
  if (dropship) return { kind: "dropship", order: dropship };
  if (outbound) return { kind: "outbound", order: outbound };
  throw notFound("packageId", `no ${kind ?? "drop-ship or outbound"} package ${packageId} is known`);
}

const DEFAULT_MESSAGES: Readonly<Record<string, string>> = {
  Returned: "Returned to sender",
  Lost: "The carrier reports the parcel lost",
  Exception: "Delivery exception: the carrier could not deliver the parcel",
};

/** Applies the change; returns the package's summary as the state route shows it. */
export function changePackage(ctx: SandboxContext, packageId: string, body: unknown): { PackageId: string; kind: string } {
  const change = parseOrReject(PackageChange, body, { rootCode: "Body" });
  const found = findPackage(ctx, packageId, change.kind);
  const { order } = found;
  if (change.handleStatus !== undefined) {
    const known: readonly string[] = found.kind === "dropship" ? dropshipStatuses : outboundStatuses;
    if (change.handleStatus !== null && !known.includes(change.handleStatus)) {
      throw new SandboxError(400, [{ Code: "handleStatus", Message: `must be one of ${known.join(", ")}` }]);
    }
    if (change.handleStatus === null) delete order.handleStatus;
    else order.handleStatus = change.handleStatus;
  }
  const wantsParcel = change.trackingStatus !== undefined || change.silent !== undefined || change.extraParcels !== undefined;
  if (wantsParcel) {
    if (order.outcome.status !== "Created") {
      throw new SandboxError(400, [
        { Code: "packageId", Message: `has no parcel yet (Status ${order.outcome.status}): wait until it is Created` },
      ]);
    }
    const parcel = order.outcome.parcel;
    if (change.silent) parcel.silentFrom ??= ctx.now;
    if (change.trackingStatus !== undefined) {
      parcel.end = {
        status: change.trackingStatus,
        message: change.message ?? DEFAULT_MESSAGES[change.trackingStatus] ?? change.trackingStatus,
        at: ctx.now,
      };
    }
    if (change.extraParcels !== undefined) {
      if (found.kind !== "dropship")
        throw new SandboxError(400, [
          { Code: "extraParcels", Message: "is for drop-ship packages only: outbound status records have no ExtraTrackNumber" },
        ]);
      const carrier = findService(parcel.serviceCode)?.carrier ?? "Provider";
      // Kept on the parcel as they are issued, so each new number differs from the ones before.
      const extra = (parcel.extraTrackingNumbers ??= []);
      for (let i = 0; i < change.extraParcels; i++) extra.push(newTrackingNumber(carrier, ctx));
    }
  }
  return { PackageId: order.packageId, kind: found.kind };
}
