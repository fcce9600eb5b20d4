/** Every kind's handler: what the app's worker runs. Adding a kind to kinds.ts without one fails typecheck. */
import { env } from "~/env.server";
import { pipelineJobHandlers } from "~/pipeline/handlers.server";
import type { JobHandler } from "../handler";
import type { JobKind } from "../kinds";
import { handleCustomerDataRequest, handleCustomerRedact, handleShopRedact } from "./compliance";
import { ensureFulfillmentServicesHandler } from "./fulfillment-services";
import { handleNoop } from "./noop";
import { shopifyAdminFor } from "./shopify-admin.server";

export const jobHandlers = {
  noop: handleNoop,
  "compliance.customer-data-request": handleCustomerDataRequest,
  "compliance.customer-redact": handleCustomerRedact,
  "compliance.shop-redact": handleShopRedact,
  "fulfillment-services.ensure": ensureFulfillmentServicesHandler({ adminFor: shopifyAdminFor, appUrl: env.SHOPIFY_APP_URL }),
  ...pipelineJobHandlers,
} satisfies { readonly [K in JobKind]: JobHandler<K> };
