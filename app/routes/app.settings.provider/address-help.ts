/**
 * What the provider address field says under it. "Leave empty for <the operator's address>" is a
 * way out only where that address is one the mode takes: in live mode an address on loopback or
 * plain http is refused (wiring/provider-address.server.ts), so the field must not offer it, under
 * that very refusal least of all. No Remix, no Polaris: the page and its tests read it alike.
 */
import type { Words } from "~/lib/words";

export const EXAMPLE_PROVIDER_URL = "https://openapi.example.com";

export interface AddressHelp {
  helpText: string;
  placeholder: string;
}

export function providerAddressHelp(mode: string, defaultUrl: string, defaultFitsLive: boolean, words: Words): AddressHelp {
  const says = words.settingsProvider;
  if (mode === "live" && !defaultFitsLive)
    return { helpText: says.addressLiveHelp(EXAMPLE_PROVIDER_URL), placeholder: says.addressPlaceholder(EXAMPLE_PROVIDER_URL) };
  return { helpText: says.addressDefaultHelp(defaultUrl), placeholder: says.addressPlaceholder(defaultUrl) };
}
