/**
 * The alerts' wiring: where the app may send them (the merchant's mail server and webhook are held
 * to the provider address's rules; loopback and plain http only inside the stack, whose receivers
 * listen on 127.0.0.1), the links' app handle, and the pace.
 */
import { env } from "~/env.server";
import { ALERT_POLICY, FAST_ALERT_POLICY, type AlertDeps } from "~/flows/alerts/deliver.server";
import { alertSender } from "~/flows/alerts/send.server";
import { AddressRefused, checkAddress, hostNotFound, type AddressPolicy } from "~/lib/public-address.server";
import type { NestedSaid } from "~/lib/words/reason-said";

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

/**
 * Why the app may not send to this address (the webhook's, or the mail server's as https://host),
 * said for the merchant (the page says it in the admin's language); null when it may. The same
 * check the sender makes before each send.
 */
export async function alertAddressRefusal(address: URL, { mailServer = false }: { mailServer?: boolean } = {}): Promise<NestedSaid | null> {
  const policy = alertAddressPolicy();
  try {
    await checkAddress(address, mailServer ? { ...policy, allowHttp: true } : policy);
    return null;
  } catch (error) {
    if (error instanceof AddressRefused) return error.said;
    return hostNotFound(address.hostname, error);
  }
}
