/**
 * The provider address a merchant types in Settings is the merchant's input, and live mode sends the
 * merchant's token there: so it may reach only the public internet (lib/public-address.server.ts),
 * https only in live mode. Loopback is allowed only to the sandbox mode inside the stack, and the
 * operator's own PROVIDER_BASE_URL is not held to this. Why: docs/decisions/0014-hardening-intake-keys-and-addresses.md.
 */
import { env } from "~/env.server";
import { AddressRefused, checkAddress, hostNotFound, guardedFetch, type AddressPolicy, type Lookup } from "~/lib/public-address.server";
import { publicAddress } from "~/lib/words/en/public-address";
import { saidWithin, type NestedSaid } from "~/lib/words/reason-said";
import type { ShopSettings } from "~/stores/shops/shop-settings";

type Mode = ShopSettings["mode"];

/**
 * What a merchant's address may be in this mode, checked when it is saved and each time the app
 * connects. The sandbox mode's address may be loopback only where the app runs in the stack (the
 * emulator's SHOPIFY_ADMIN_API_ORIGIN is set, loopback itself, which no deployment sets): the stack's
 * sandbox listens on 127.0.0.1.
 */
export function providerAddressPolicy(mode: Mode): AddressPolicy {
  const inTheStack = env.SHOPIFY_ADMIN_API_ORIGIN !== undefined;
  return { allowHttp: mode === "sandbox", allowLoopback: mode === "sandbox" && inTheStack };
}

/**
 * Why the address cannot be used in this mode, said for the merchant (lib/words' `publicAddress`:
 * a page says it in the admin's language by `addressRefusalIn`); null when it can.
 */
export async function providerAddressRefused(address: string, mode: Mode, lookup?: Lookup): Promise<NestedSaid | null> {
  try {
    await checkAddress(new URL(address), providerAddressPolicy(mode), lookup);
    return null;
  } catch (error) {
    if (error instanceof AddressRefused)
      return mode === "live" ? saidWithin(publicAddress)("liveNeedsPublicHttps", error.said) : error.said;
    return hostNotFound(new URL(address).hostname, error);
  }
}

/** providerAddressRefused in English, for what is not said to the admin (a job's failure, a log); null when it can be used. */
export async function providerAddressRefusal(address: string, mode: Mode, lookup?: Lookup): Promise<string | null> {
  return (await providerAddressRefused(address, mode, lookup))?.message ?? null;
}

/** The fetch the provider client uses for a merchant's address: checked and pinned per request, no redirects. */
export function providerFetch(mode: Mode) {
  return guardedFetch({ policy: providerAddressPolicy(mode) });
}
