/**
 * The lading order page's server side: the form read and checked as in the browser, the shop's own
 * warehouses and SKUs (store SKU → provider SKU, as the pipeline sends them), the request checked
 * against the provider's schema, then sent (operation 13). Whatever is refused, by our checks or by
 * the provider, comes back at the field it is about, in the admin's words (the provider's own said
 * as it said them).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { randomBytes } from "node:crypto";
import prisma from "~/db.server";
import { ladingRequestOf, type LadingDraft, type LadingPackage } from "~/connector/lading";
import { providerProblem } from "~/connector/provider-problem";
import { sendLadingOrder } from "~/flows/lading/send.server";
import { fieldPath, ProviderError, ProviderValidationError } from "~/fulfilment/errors";
import { CreateLadingRequest } from "~/fulfilment/schemas";
import { PermanentFailure } from "~/jobs/handler";
import { allVariants } from "~/stores/catalogue/variants.server";
import { ladingOrderByReference, type LadingOrder } from "~/stores/lading/lading-orders.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { errorsByField, idsOf, ladingFormsIn, type LadingFormValues } from "./form";
import type { Words } from "~/lib/words";
import { textIn } from "~/lib/words/reason-said";
import { ruleText } from "~/lib/words/rule-said";
import { log } from "~/lib/log.server";

/** A reference the merchant may keep or replace: the day and random hex, so two never clash by chance. */
export function suggestedReference(now: Date): string {
  return `LD-${now.toISOString().slice(0, 10).replace(/-/g, "")}-${randomBytes(3).toString("hex").toUpperCase()}`;
}

/** `result` puts each error at its field (conform's lastResult); `problem` is what no field explains. */
export type Refusal = { ok: false; result: SubmissionResult<string[]> | null; problem: string | null };

const refused = (result: SubmissionResult<string[]> | null, problem: string | null = null): { status: number; answer: Refusal } => ({
  status: 400,
  answer: { ok: false, result, problem },
});

/** The packages with each line's provider SKU; SKUs not in the shop's catalogue refused at their line. */
async function packagesOf(
  shop: string,
  values: LadingFormValues,
  words: Words,
): Promise<{ packages: LadingPackage[] } | { fieldErrors: Record<string, string[]> }> {
  const settings = await getShopSettings(prisma, shop);
  const known = new Set((await allVariants(prisma, shop)).flatMap((variant) => (variant.sku === null ? [] : [variant.sku])));
  const fieldErrors: Record<string, string[]> = {};
  const packages = idsOf(values.packages).flatMap((packageId) => {
    const item = values.packages[packageId];
    if (item === undefined) return [];
    const lines = idsOf(item.lines).flatMap((lineId) => {
      const line = item.lines[lineId];
      if (line === undefined) return [];
      if (!known.has(line.sku)) fieldErrors[`packages.${packageId}.lines.${lineId}.sku`] = [words.lading.errors.notYourSku];
      return [{ sku: line.sku, providerSku: settings.skus.bySku[line.sku]?.providerSku ?? line.sku, quantity: line.quantity }];
    });
    return [{ lines }];
  });
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { packages };
}

/** A new lading order from the form: sent and kept, or refused by field. */
export async function sendFromForm(
  shop: string,
  form: FormData,
  words: Words,
): Promise<{ status: number; answer: Refusal } | { status: 200; order: LadingOrder }> {
  const says = words.lading;
  const submission = parseWithZod(form, { schema: ladingFormsIn(words).LadingForm, disableAutoCoercion: true });
  if (submission.status !== "success") return refused(submission.reply());
  const values = submission.value;

  const settings = await getShopSettings(prisma, shop);
  const fieldErrors: Record<string, string[]> = {};
  if (!settings.warehouses.some((warehouse) => warehouse.warehouseId === values.warehouseId))
    fieldErrors.warehouseId = [says.errors.notYourWarehouse];
  if ((await ladingOrderByReference(prisma, shop, values.reference)) !== null) fieldErrors.reference = [says.errors.referenceTaken];
  const packed = await packagesOf(shop, values, words);
  if ("fieldErrors" in packed) Object.assign(fieldErrors, packed.fieldErrors);
  if (Object.keys(fieldErrors).length > 0 || "fieldErrors" in packed) return refused(submission.reply({ fieldErrors }));

  const draft: LadingDraft = {
    reference: values.reference,
    shipmentId: values.shipmentId,
    warehouseId: values.warehouseId,
    serviceCode: values.serviceCode,
    reservationDate: new Date(`${values.reservationDate}T00:00:00Z`),
    shipTo: {
      contact: values.contact,
      company: values.company,
      phone: values.phone,
      email: values.email,
      street1: values.street1,
      street2: values.street2,
      city: values.city,
      province: values.province,
      postcode: values.postcode,
      country: values.country,
    },
    packages: packed.packages,
  };
  // The provider's own schema, on the request as it will be sent (provider SKUs included).
  const checked = CreateLadingRequest.safeParse(ladingRequestOf(draft));
  if (!checked.success) {
    const { fieldErrors: byField, other } = errorsByField(
      checked.error.issues.map((issue) => ({ path: fieldPath(issue.path), message: ruleText(words.providerRules, issue.message) })),
      values.packages,
    );
    return refused(
      submission.reply({ fieldErrors: byField, formErrors: other }),
      other.length > 0 ? says.notSentBecause(other.join(says.saidSeparator)) : null,
    );
  }
  try {
    return { status: 200, order: await sendLadingOrder(prisma, appPipelineDeps(), shop, draft) };
  } catch (error) {
    // Live mode without a usable connection: what a person must mend, in the admin's words when it is a sentence.
    if (error instanceof PermanentFailure) return refused(null, textIn(words.jobErrors, { message: error.message, say: error.said?.say }));
    if (error instanceof ProviderValidationError) {
      const { fieldErrors: byField } = errorsByField(
        error.errors.map((detail) => ({ path: detail.code, message: detail.message })),
        values.packages,
      );
      return refused(
        submission.reply({ fieldErrors: byField }),
        says.providerRefused(error.errors.map((detail) => detail.message).join(says.saidSeparator)),
      );
    }
    if (!(error instanceof ProviderError)) throw error;
    log.warn({ shop, err: error }, "Bulk shipment: the provider refused");
    return refused(null, providerProblem(error, words.providerProblems));
  }
}
