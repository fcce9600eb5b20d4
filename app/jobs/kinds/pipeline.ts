/**
 * The pipeline's own job kinds (app/pipeline): each works one shop's shipments in one state and
 * queues itself again while work remains. One live job per key (shop, and warehouse or handling
 * location for pushes), so many READY shipments make few provider calls and one slow shop never
 * holds another's work. Payloads are references; handlers read the shipments when they run.
 */
import { z } from "zod";

const Shop = z.string().min(1);
const ShipmentKind = z.enum(["OUTBOUND", "DROPSHIP"]);

export const pipelineJobPayloadSchemas = {
  /** Send the READY shipments of one warehouse (outbound) or handling location (drop-ship), 20 per request. */
  "shipments.push": z.strictObject({ shop: Shop, kind: ShipmentKind, origin: z.string().min(1) }),
  /** Ask the provider about SUBMITTED shipments (and non-final tracking numbers) until created or failed. */
  "shipments.poll-status": z.strictObject({ shop: Shop, kind: ShipmentKind }),
  /** Write CREATED shipments to Shopify as fulfilments with tracking. */
  "shipments.write-back": z.strictObject({ shop: Shop }),
  /** Read the checkpoints of fulfilled parcels and write them to Shopify as fulfilment events, until delivered. */
  "shipments.track": z.strictObject({ shop: Shop }),
} satisfies Record<string, z.ZodType>;
