/**
 * The order page block's use of the app: the order's shipments as the block shows them, and its
 * Send and Retry. Retry plans the package again from Shopify's order (app/flows/retry) and, when it
 * passes, sends it at once with the single-package operation (app/flows/push/send-one.server.ts)
 * rather than leaving it to its warehouse's next batch: the merchant is looking at the order.
 * Everything it answers is said in the language the block is shown in (`words`, English unless the
 * block names another): the reasons and the flows' answers by the sentences they keep, as the
 * shipment's page says them; the provider's own words quoted as said.
 */
import { z } from "zod";
import { STATE_WORDS } from "~/components/shipment-state-words";
import type { Formatter } from "~/lib/format";
import type { Words } from "~/lib/words";
import { en } from "~/lib/words/en";
import { reasonText, saidAgainWithin, timelineWords } from "~/lib/words/reason-said";
import { withTimesWritten } from "~/lib/words/reason-times";
import type { StoredHoldReason } from "~/stores/shipments/shipment-columns";
import { shipmentKindLabel } from "~/components/shipment-badges";
import type { PipelineDeps } from "~/flows/ports/deps";
import { sendShipmentNow } from "~/flows/push/send-one.server";
import { retryShipment } from "~/flows/retry/retry.server";
import type { Database } from "~/stores/database/database.server";
import { listOrderShipments, type OrderShipmentRow } from "~/stores/shipments/shipment-list.server";
import type { OrderShipmentView, ShipmentActionAnswer } from "./contract";

/** The order id of the path: the number of `gid://shopify/Order/<number>`, or that gid. */
export const OrderIdParam = z
  .string()
  .transform((value) => value.replace(/^gid:\/\/shopify\/Order\//, ""))
  .pipe(z.string().regex(/^\d{1,20}$/))
  .transform((number) => `gid://shopify/Order/${number}`);

export const ActionForm = z.object({
  shipmentId: z.string().min(1).max(100),
  action: z.enum(["send", "retry"]),
});

/**
 * What is wrong with the body Send or Retry was called with, in these words: the first field to
 * blame, named as the contract names it (the whole body when it is not an object).
 */
export function actionFormRefusal(words: Words["orderBlock"], issues: readonly z.core.$ZodIssue[]): { field: string; error: string } {
  const issue = issues[0];
  const field = issue?.path.join(".") || "body";
  if (field === "action") return { field, error: words.notAnAction(field) };
  const missing = issue?.code === "invalid_type" || (issue?.code === "too_small" && issue.minimum === 1);
  if (field === "shipmentId" && missing) return { field, error: words.fieldRequired(field) };
  return { field, error: words.fieldNotValid(field) };
}

/** The language the block is shown in: its words, and a formatter writing a reason's times in it (none: as stored, in UTC). */
export interface BlockLanguage {
  words: Words;
  format: Formatter | undefined;
}

export const ENGLISH_AS_STORED: BlockLanguage = { words: en, format: undefined };

/** Each reason in these words, its field kept as the key the block tells the reasons apart by. */
function reasonsIn({ words, format }: BlockLanguage, reasons: readonly StoredHoldReason[]): ShipmentActionAnswer["reasons"] {
  return reasons.map((reason) => ({
    field: reason.field,
    message: reasonText(words.reasons, format ? withTimesWritten(reason, format) : reason),
  }));
}

function viewOf(row: OrderShipmentRow, language: BlockLanguage): OrderShipmentView {
  return {
    id: row.id,
    packageId: row.packageId,
    state: { code: row.state, label: language.words.shipment.states[row.state], tone: STATE_WORDS[row.state].tone },
    warehouse: shipmentKindLabel(row.kind, row.warehouseCode, language.words.shipment),
    service: row.serviceCode,
    tracking: [...(row.trackingNumber === null ? [] : [{ number: row.trackingNumber, url: row.trackingUrl }]), ...row.otherParcels],
    reason: row.reason,
    reasons: reasonsIn(language, row.holdReasons),
    actions: row.actions,
  };
}

export async function orderShipments(
  db: Database,
  shop: string,
  orderId: string,
  language: BlockLanguage = ENGLISH_AS_STORED,
): Promise<OrderShipmentView[]> {
  return (await listOrderShipments(db, shop, orderId, language.words, language.format)).map((row) => viewOf(row, language));
}

/** The answer to Send or Retry on one of the order's shipments (the caller checked it is the shop's and the order's). */
export async function actOnShipment(
  db: Database,
  deps: PipelineDeps,
  shop: string,
  orderId: string,
  { shipmentId, action }: z.infer<typeof ActionForm>,
  language: BlockLanguage = ENGLISH_AS_STORED,
): Promise<ShipmentActionAnswer> {
  const { words } = language;
  const answer = async (outcome: ShipmentActionAnswer["outcome"], message: string, reasons: readonly StoredHoldReason[] = []) => ({
    outcome,
    message,
    reasons: reasonsIn(language, reasons),
    shipments: await orderShipments(db, shop, orderId, language),
  });
  const sendNow = async () => {
    const sent = await sendShipmentNow(db, deps, shop, shipmentId);
    const said = saidAgainWithin({ ...en.orderBlock, ...en.jobErrors }, { ...words.orderBlock, ...words.jobErrors }, sent);
    return answer(sent.outcome, said, sent.outcome === "held" ? sent.reasons : []);
  };
  if (action === "send") return sendNow();
  const retried = await retryShipment(db, deps, shop, shipmentId, { sentByCaller: true });
  switch (retried.outcome) {
    case "ready":
      // A fulfilment Shopify refused is written again by its job; a package planned again is sent now.
      if (retried.shipment.state !== "READY") return answer("ready", words.orderBlock.fulfilmentWrittenAgain());
      return sendNow();
    case "held":
      return answer("held", words.shipmentPage.stillOnHold, retried.reasons);
    case "cancelled":
      return answer("cancelled", words.shipmentPage.cancelled);
    case "refused":
      // What the retry said, in these words while its English still makes the message (as the shipment's page says it).
      return answer("refused", saidAgainWithin(timelineWords(en), timelineWords(words), retried));
  }
}
