/**
 * The one registry of the app's job handlers: each flow's, by kind. Adding a kind to
 * queue/kinds.ts without a handler here fails typecheck. The flows get their dependencies from
 * the caller: the app's wiring (app/wiring) in the worker, the sandbox and the emulator in tests.
 */
import { cancelHandlers } from "./cancel/handlers";
import { catalogueHandlers } from "./catalogue/handlers";
import { handleCustomerDataRequest, handleCustomerRedact, handleShopRedact } from "./compliance/handlers";
import { followHandlers } from "./follow/handlers";
import { reencryptionHandler } from "./keys/reencrypt.server";
import { ensureFulfillmentServicesHandler, type FulfillmentServicesHandlerDependencies } from "./install/handlers";
import { planHandlers } from "./plan/handlers";
import type { DepsSource } from "./ports/run";
import { pushHandlers } from "./push/handlers";
import type { JobKind, KindHandler } from "./queue/kinds";
import { confirmUninstallHandler, type UninstallConfirmationDependencies } from "./receive-webhooks/uninstall.server";
import { retryHandlers } from "./retry/handlers";
import { stockHandlers } from "./stock/handlers";
import { trackHandlers } from "./track/handlers";
import { writeBackHandlers } from "./write-back/handlers";

export type AllJobHandlers = { readonly [K in JobKind]: KindHandler<K> };

/** The handlers of the order pipeline alone (what the pipeline tests and the benchmark run). */
export function pipelineHandlers(deps: DepsSource) {
  return {
    ...planHandlers(deps),
    ...retryHandlers(deps),
    ...cancelHandlers(deps),
    ...pushHandlers(deps),
    ...followHandlers(deps),
    ...writeBackHandlers(deps),
    ...trackHandlers(deps),
  };
}

export function createJobHandlers(deps: DepsSource, install: FulfillmentServicesHandlerDependencies & UninstallConfirmationDependencies): AllJobHandlers {
  return {
    /** Does nothing: ops queue one to see that workers are running. */
    noop: async () => {},
    "credentials.reencrypt": reencryptionHandler(),
    "compliance.customer-data-request": handleCustomerDataRequest,
    "compliance.customer-redact": handleCustomerRedact,
    "compliance.shop-redact": handleShopRedact,
    "app.uninstall-confirm": confirmUninstallHandler(install),
    "fulfillment-services.ensure": ensureFulfillmentServicesHandler(install),
    ...pipelineHandlers(deps),
    ...catalogueHandlers(deps),
    ...stockHandlers(deps),
  };
}
