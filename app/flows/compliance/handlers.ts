/**
 * The compliance jobs: database work only, each written through ctx.complete, so the erasure (or the
 * report) and the job's DONE commit together: a crash repeats the whole, never half of it.
 */
import { PermanentFailure } from "~/jobs/handler";
import { eraseShopData } from "~/stores/compliance/redaction.server";
import { markReceiptsRejected } from "~/stores/receipts/webhook-receipt.server";
import { shopInstallation } from "~/stores/shops/shop.server";
import type { KindHandler } from "../queue/job-kinds";
import { redactCustomer } from "./customer-redact.server";
import { answerCustomerDataRequest } from "./data-report.server";

export const handleCustomerDataRequest: KindHandler<"compliance.customer-data-request"> = async ({ complianceRequestId }, ctx) => {
  const answered = await ctx.complete((tx) => answerCustomerDataRequest(tx, complianceRequestId));
  ctx.logger.info(
    { complianceRequestId },
    answered ? "Customer data report written for the merchant" : "Customer data request gone (shop redacted): nothing to report",
  );
};

export const handleCustomerRedact: KindHandler<"compliance.customer-redact"> = async ({ complianceRequestId }, ctx) => {
  const erased = await ctx.complete((tx) => redactCustomer(tx, complianceRequestId));
  ctx.logger.info(
    { complianceRequestId, ...erased },
    erased ? "Customer data erased" : "Customer redaction request gone (shop redacted): nothing left to erase",
  );
};

export const handleShopRedact: KindHandler<"compliance.shop-redact"> = async ({ receiptId }, ctx) => {
  const { shop } = ctx;
  if (shop === null) throw new PermanentFailure("A shop/redact job must name its shop");
  // Reinstalled since the request was accepted: the shop is the merchant's again, nothing is erased.
  // Asked in the transaction that erases, so that a reinstall cannot land between the two.
  const reinstalled = await ctx.complete(async (tx) => {
    if ((await shopInstallation(tx, shop)) !== "installed") {
      await eraseShopData(tx, shop);
      return false;
    }
    await markReceiptsRejected(
      tx,
      [receiptId],
      `The app was installed in ${shop} again before the shop's data was erased: nothing was erased`,
      new Date(),
    );
    return true;
  });
  if (reinstalled) {
    ctx.logger.warn({ shop }, "The app was installed again before the shop's data was erased: nothing was erased");
    return;
  }
  // The job's own row went with the shop's other jobs, in the same transaction that marked it done.
  ctx.logger.info({ shop }, "Everything held about the shop was erased");
};
