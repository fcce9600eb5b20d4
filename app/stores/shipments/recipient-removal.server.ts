/**
 * A shipment keeps its recipient (name, address, contact, identity numbers) for as long as its
 * package may still be sent, declared or counted: in the request sent to the provider, in the
 * Shipments search's words, and quoted by hold reasons (and the last error written from them). Once it is final (it never leaves these
 * states) housekeeping removes the recipient; the order, SKUs, destination country, tracking and
 * timeline stay. Why: docs/decisions/0038-customer-data-kept-to-what-is-needed.md.
 */
import type { Prisma, ShipmentKind } from "@prisma/client";
import { decodePackageRequest, encodePackageRequest, withoutRecipient } from "~/connector/package-request";
import type { DatabaseOrTransaction } from "../database/database.server";
import { FINAL_STATES } from "./shipment-states";

/** Final shipments whose recipient is still kept (a redacted one keeps none). */
const STILL_HOLDING: Prisma.ShipmentWhereInput = { state: { in: [...FINAL_STATES] }, recipientRemovedAt: null, redactedAt: null };

/** The stored request without its recipient; null when it cannot be read as a package (its recipient cannot be told apart). */
function requestWithoutRecipient(kind: ShipmentKind, requestSent: string | null): string | null {
  if (requestSent === null) return null;
  const decoded = decodePackageRequest(kind, requestSent);
  return decoded.success ? encodePackageRequest(withoutRecipient(decoded.data)) : null;
}

/**
 * Removes the recipient from final shipments that still hold it, `batchSize` read at a time; the
 * number of shipments changed. Each shipment is its own statement (its request is rewritten), so the
 * write lock is held for one row at a time; one that was redacted meanwhile is left as redaction left it.
 */
export async function removeRecipientsOfFinalShipments(
  db: DatabaseOrTransaction,
  { batchSize, signal, now = new Date() }: { batchSize: number; signal?: AbortSignal; now?: Date },
): Promise<number> {
  let removed = 0;
  for (;;) {
    if (signal?.aborted) return removed;
    const batch = await db.shipment.findMany({
      where: STILL_HOLDING,
      select: { id: true, kind: true, requestSent: true, holdReasons: true },
      orderBy: { id: "asc" },
      take: batchSize,
    });
    for (const shipment of batch) {
      const { count } = await db.shipment.updateMany({
        where: { id: shipment.id, ...STILL_HOLDING },
        data: {
          requestSent: requestWithoutRecipient(shipment.kind, shipment.requestSent),
          recipientSearchText: null,
          // Left from a hold before it was cancelled, and the last error written from them: they
          // quote the address ("The street … has no house number").
          ...(shipment.holdReasons === null ? {} : { holdReasons: null, lastErrorText: null, lastErrorSay: null }),
          recipientRemovedAt: now,
        },
      });
      removed += count;
    }
    if (batch.length < batchSize) return removed;
  }
}
