/** The alerts flow's jobs: the outbox swept, and each channel's message sent (deliver.server.ts). */
import { PermanentFailure } from "~/jobs/handler";
import type { KindHandler } from "../queue/job-kinds";
import { deliverAlerts, sweepAlerts, type AlertDeps } from "./deliver.server";

export function alertHandlers(deps: () => AlertDeps): {
  "alerts.sweep": KindHandler<"alerts.sweep">;
  "alerts.deliver": KindHandler<"alerts.deliver">;
} {
  return {
    "alerts.sweep": (_payload, ctx) => sweepAlerts(ctx, deps()),
    "alerts.deliver": ({ shop, channel }, ctx) => {
      if (ctx.shop !== shop) throw new PermanentFailure("An alerts.deliver job must be its shop's");
      return deliverAlerts(ctx, deps(), shop, channel);
    },
  };
}
