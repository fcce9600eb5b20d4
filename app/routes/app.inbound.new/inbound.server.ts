/**
 * The inbound pages' server side: the form read and checked as in the browser, the shop's own
 * warehouses and SKUs (store SKU → provider SKU, as the pipeline sends them), the request checked
 * against the provider's schema, then sent (operation 4) or the boxes replaced (operation 5).
 * Whatever is refused, by our checks or by the provider, comes back at the field it is about, in
 * the admin's words (the provider's own said as it said them).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { randomBytes } from "node:crypto";
import prisma from "~/db.server";
import { containersOf, inboundRequestOf, type InboundBox, type InboundDraft } from "~/connector/inbound";
import { providerProblem } from "~/connector/provider-problem";
import { changeInboundBoxes, type BoxesChange } from "~/flows/inbound/boxes.server";
import { sendInboundShipment } from "~/flows/inbound/send.server";
import { fieldPath, ProviderError, ProviderValidationError } from "~/fulfilment/errors";
import { CreateInboundRequest, ModifyInboundBoxesRequest } from "~/fulfilment/schemas";
import { PermanentFailure } from "~/jobs/handler";
import { allVariants } from "~/stores/catalogue/variants.server";
import { inboundShipmentByReference, type InboundShipment } from "~/stores/inbound/inbound-shipments.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { errorsByField, idsOf, inboundFormsIn, type BoxesFormValues } from "./form";
import type { Words } from "~/lib/words";
import { textIn } from "~/lib/words/reason-said";
import { ruleText } from "~/lib/words/rule-said";
import { log } from "~/lib/log.server";

/** A reference the merchant may keep or replace: the day and random hex, so two never clash by chance. */
export function suggestedReference(now: Date): string {
  return `IN-${now.toISOString().slice(0, 10).replace(/-/g, "")}-${randomBytes(3).toString("hex").toUpperCase()}`;
}

/** `result` puts each error at its field (conform's lastResult); `problem` is what no field explains. */
export type Refusal = { ok: false; result: SubmissionResult<string[]> | null; problem: string | null };

type Submission = { reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]> };

const refused = (result: SubmissionResult<string[]> | null, problem: string | null = null): { status: number; answer: Refusal } => ({
  status: 400,
  answer: { ok: false, result, problem },
});

/** The boxes with each line's provider SKU; SKUs not in the shop's catalogue refused at their line. */
async function boxesOf(
  shop: string,
  values: BoxesFormValues,
  words: Words,
): Promise<{ boxes: InboundBox[] } | { fieldErrors: Record<string, string[]> }> {
  const settings = await getShopSettings(prisma, shop);
  const known = new Set((await allVariants(prisma, shop)).flatMap((variant) => (variant.sku === null ? [] : [variant.sku])));
  const fieldErrors: Record<string, string[]> = {};
  const boxes = idsOf(values.boxes).flatMap((boxId) => {
    const box = values.boxes[boxId];
    if (box === undefined) return [];
    const lines = idsOf(box.lines).flatMap((lineId) => {
      const line = box.lines[lineId];
      if (line === undefined) return [];
      if (!known.has(line.sku)) fieldErrors[`boxes.${boxId}.lines.${lineId}.sku`] = [words.inbound.errors.notYourSku];
      return [{ sku: line.sku, providerSku: settings.skus.bySku[line.sku]?.providerSku ?? line.sku, quantity: line.quantity }];
    });
    return [{ label: box.label, weightGrams: box.weight, lengthCm: box.length, widthCm: box.width, heightCm: box.height, lines }];
  });
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { boxes };
}

/** The provider's refusal, at its fields where it names them, and said in words. */
function providerRefusal(
  error: unknown,
  submission: Submission,
  boxes: BoxesFormValues["boxes"],
  /** The sentence that says it, around the provider's words. */
  refusedBy: (said: string) => string,
  separator: string,
  words: Pick<Words, "providerProblems" | "jobErrors">,
): { status: number; answer: Refusal } {
  // Live mode without a usable connection: what a person must mend, in the admin's words when it is a sentence.
  if (error instanceof PermanentFailure) return refused(null, textIn(words.jobErrors, { message: error.message, say: error.said?.say }));
  if (error instanceof ProviderValidationError) {
    const { fieldErrors } = errorsByField(
      error.errors.map((detail) => ({ path: detail.code, message: detail.message })),
      boxes,
    );
    return refused(submission.reply({ fieldErrors }), refusedBy(error.errors.map((detail) => detail.message).join(separator)));
  }
  if (!(error instanceof ProviderError)) throw error;
  return refused(null, providerProblem(error, words.providerProblems));
}

/** A new inbound shipment from the form: sent and kept, or refused by field. */
export async function sendFromForm(
  shop: string,
  form: FormData,
  words: Words,
): Promise<{ status: number; answer: Refusal } | { status: 200; shipment: InboundShipment }> {
  const says = words.inbound;
  const submission = parseWithZod(form, { schema: inboundFormsIn(words).InboundForm, disableAutoCoercion: true });
  if (submission.status !== "success") return refused(submission.reply());
  const values = submission.value;

  const settings = await getShopSettings(prisma, shop);
  const fieldErrors: Record<string, string[]> = {};
  if (!settings.warehouses.some((warehouse) => warehouse.warehouseId === values.warehouseId))
    fieldErrors.warehouseId = [says.errors.notYourWarehouse];
  if ((await inboundShipmentByReference(prisma, shop, values.reference)) !== null) fieldErrors.reference = [says.errors.referenceTaken];
  const packed = await boxesOf(shop, values, words);
  if ("fieldErrors" in packed) Object.assign(fieldErrors, packed.fieldErrors);
  if (Object.keys(fieldErrors).length > 0 || "fieldErrors" in packed) return refused(submission.reply({ fieldErrors }));

  const draft: InboundDraft = {
    reference: values.reference,
    warehouseId: values.warehouseId,
    shippingType: values.shippingType,
    plannedArrival: values.arrival === null ? null : new Date(`${values.arrival}T00:00:00Z`),
    remark: values.remark,
    boxes: packed.boxes,
  };
  // The provider's own schema, on the request as it will be sent (provider SKUs included).
  const checked = CreateInboundRequest.safeParse(inboundRequestOf(draft));
  if (!checked.success) {
    const { fieldErrors: byField, other } = errorsByField(
      checked.error.issues.map((issue) => ({ path: fieldPath(issue.path), message: ruleText(words.providerRules, issue.message) })),
      values.boxes,
    );
    return refused(
      submission.reply({ fieldErrors: byField, formErrors: other }),
      other.length > 0 ? says.notSentBecause(other.join(says.saidSeparator)) : null,
    );
  }
  try {
    return { status: 200, shipment: await sendInboundShipment(prisma, appPipelineDeps(), shop, draft) };
  } catch (error) {
    if (error instanceof ProviderError && !(error instanceof ProviderValidationError))
      log.warn({ shop, err: error }, "Inbound shipment: the provider refused");
    return providerRefusal(error, submission, values.boxes, says.providerRefusedShipment, says.saidSeparator, words);
  }
}

/** New boxes for a shipment on its way: replaced, refused by field, or found received meanwhile. */
export async function changeBoxesFromForm(
  shop: string,
  shipment: InboundShipment,
  form: FormData,
  words: Words,
): Promise<{ status: number; answer: Refusal } | { status: 200; change: BoxesChange }> {
  const says = words.inbound;
  const submission = parseWithZod(form, { schema: inboundFormsIn(words).BoxesForm, disableAutoCoercion: true });
  if (submission.status !== "success") return refused(submission.reply());
  const values = submission.value;
  const packed = await boxesOf(shop, values, words);
  if ("fieldErrors" in packed) return refused(submission.reply({ fieldErrors: packed.fieldErrors }));

  const checked = ModifyInboundBoxesRequest.safeParse({ ShipmentId: shipment.reference, Containers: containersOf(packed.boxes) });
  if (!checked.success) {
    const { fieldErrors, other } = errorsByField(
      checked.error.issues.map((issue) => ({ path: fieldPath(issue.path), message: ruleText(words.providerRules, issue.message) })),
      values.boxes,
    );
    return refused(
      submission.reply({ fieldErrors, formErrors: other }),
      other.length > 0 ? says.notChangedBecause(other.join(says.saidSeparator)) : null,
    );
  }
  try {
    return { status: 200, change: await changeInboundBoxes(prisma, appPipelineDeps(), shop, shipment, packed.boxes) };
  } catch (error) {
    return providerRefusal(error, submission, values.boxes, says.providerRefusedBoxes, says.saidSeparator, words);
  }
}
