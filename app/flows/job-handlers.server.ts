/**
 * The one registry of the app's job handlers: each flow's, by kind. Adding a kind to
 * queue/job-kinds.ts without a handler here fails typecheck. The flows get their dependencies from
 * the caller: the app's wiring (app/wiring) in the worker, the sandbox and the emulator in tests.
 */
import { alertHandlers } from "./alerts/handlers";
import type { AlertDeps } from "./alerts/deliver.server";
import { cancelHandlers } from "./cancel/handlers";
import { catalogueHandlers } from "./catalogue/handlers";
import { changeHandlers } from "./change/handlers";
import { handleCustomerDataRequest, handleCustomerRedact, handleShopRedact } from "./compliance/handlers";
import { followHandlers } from "./follow/handlers";
import { inboundHandlers } from "./inbound/handlers";
import { housekeepingHandler, type HousekeepingOptions } from "./housekeeping/daily-purge.server";
import { reencryptionHandler } from "./keys/reencrypt.server";
import { ensureFulfillmentServicesHandler, type FulfillmentServicesHandlerDependencies } from "./install/handlers";
import { planHandlers } from "./plan/handlers";
import type { DepsSource } from "./ports/run";
import { stopForUnreadableSettings } from "./ports/errors";
import { pushHandlers } from "./push/handlers";
import { returnHandlers } from "./returns/handlers";
import type { JobKind, KindHandler } from "./queue/job-kinds";
import { shopAccessHandlers } from "./shop-access/handlers";
import { withShopAccess } from "./shop-access/shop-access.server";
import type { JobHandler } from "~/jobs/handler";
import { confirmUninstallHandler, type UninstallConfirmationDependencies } from "./receive-webhooks/uninstall.server";
import { refreshScopesHandler } from "./receive-webhooks/scopes-update.server";
import { stockHandlers } from "./stock/handlers";
import { trackHandlers } from "./track/handlers";
import { writeBackHandlers } from "./write-back/handlers";

export type AllJobHandlers = { readonly [K in JobKind]: KindHandler<K> };

/** The handler, stopping at once for the shop's settings that no longer parse (ports/errors.ts). */
function stoppingForUnreadableSettings<Payload>(handler: JobHandler<Payload>): JobHandler<Payload> {
  return async (payload, ctx) => {
    try {
      await handler(payload, ctx);
    } catch (error) {
      throw stopForUnreadableSettings(error);
    }
  };
}

/**
 * Each handler waits while Shopify refuses the job's shop (401, 402, 423: app/flows/shop-access/),
 * and stops for a person when the shop's settings no longer parse.
 */
function pausable<H extends Record<string, JobHandler<never>>>(deps: DepsSource, handlers: H): H {
  const wrap = withShopAccess(deps);
  return Object.fromEntries(Object.entries(handlers).map(([kind, handler]) => [kind, wrap(stoppingForUnreadableSettings(handler))])) as H;
}

/** The handlers of the order pipeline alone, returns included (what the pipeline tests and the benchmark run). */
export function pipelineHandlers(deps: DepsSource) {
  return {
    ...pausable(deps, {
      ...planHandlers(deps),
      ...changeHandlers(deps),
      ...cancelHandlers(deps),
      ...pushHandlers(deps),
      ...followHandlers(deps),
      ...writeBackHandlers(deps),
      ...trackHandlers(deps),
      ...returnHandlers(deps),
    }),
    ...shopAccessHandlers(deps),
  };
}

/** The catalogue's and the stock's handlers (what the catalogue benchmark runs beside the pipeline's). */
export function catalogueAndStockHandlers(deps: DepsSource) {
  return pausable(deps, { ...catalogueHandlers(deps), ...stockHandlers(deps) });
}

export function createJobHandlers(
  deps: DepsSource,
  install: FulfillmentServicesHandlerDependencies & UninstallConfirmationDependencies,
  housekeeping: HousekeepingOptions,
  alerts: () => AlertDeps,
): AllJobHandlers {
  return {
    ...alertHandlers(alerts),
    /** Does nothing: ops queue one to see that workers are running. */
    noop: async () => {},
    "keys.reencrypt": reencryptionHandler(),
    "housekeeping.purge": housekeepingHandler(housekeeping),
    "compliance.customer-data-request": handleCustomerDataRequest,
    "compliance.customer-redact": handleCustomerRedact,
    "compliance.shop-redact": handleShopRedact,
    "receive-webhooks.uninstall-confirm": confirmUninstallHandler(install),
    ...pipelineHandlers(deps),
    ...catalogueAndStockHandlers(deps),
    ...pausable(deps, {
      "install.fulfillment-services": ensureFulfillmentServicesHandler(install),
      "receive-webhooks.scopes-refresh": refreshScopesHandler(install),
      ...inboundHandlers(deps),
    }),
  };
}
