/**
 * The alerts' wiring: where the app may send them (the merchant's mail server and webhook are held
 * to the provider address's rules; loopback and plain http only inside the stack, whose receivers
 * listen on 127.0.0.1), the links' app handle, and the pace.
 */
import { env } from "~/env.server";
import { ALERT_POLICY, FAST_ALERT_POLICY, type AlertDeps } from "~/flows/alerts/deliver.server";
import { alertSender } from "~/flows/alerts/send.server";
import type { AddressPolicy } from "~/lib/public-address.server";

export function alertAddressPolicy(): AddressPolicy {
  const inTheStack = env.SHOPIFY_ADMIN_API_ORIGIN !== undefined;
  return { allowHttp: inTheStack, allowLoopback: inTheStack };
}

let deps: AlertDeps | undefined;

export function appAlertDeps(): AlertDeps {
  deps ??= {
    sender: alertSender(alertAddressPolicy()),
    appHandle: env.SHOPIFY_API_KEY,
    policy: env.PIPELINE_POLICY === "fast" ? FAST_ALERT_POLICY : ALERT_POLICY,
    now: () => new Date(),
  };
  return deps;
}
