/** The handlers the app's worker runs: every flow's, on the app's own wiring (loaded when the first job runs). */
import { env } from "~/env.server";
import { createJobHandlers } from "~/flows/job-handlers.server";
import { shopifyAdminFor, shopifyTokenVerdict } from "./shopify-admin.server";
import { appAlertDeps } from "./alerts.server";

export const jobHandlers = createJobHandlers(
  async () => (await import("./pipeline-deps.server")).appPipelineDeps(),
  {
    adminFor: shopifyAdminFor,
    appUrl: env.SHOPIFY_APP_URL,
    tokenVerdict: shopifyTokenVerdict,
  },
  { retentionDays: env.RETENTION_DAYS },
  appAlertDeps,
);
