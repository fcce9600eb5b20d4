/**
 * What the provider address field says under it. "Leave empty for <the operator's address>" is a
 * way out only where that address is one the mode takes: in live mode an address on loopback or
 * plain http is refused (wiring/provider-address.server.ts), so the field must not offer it, under
 * that very refusal least of all. No Remix, no Polaris: the page and its tests read it alike.
 */
export const EXAMPLE_PROVIDER_URL = "https://openapi.example.com";

export interface AddressHelp {
  helpText: string;
  placeholder: string;
}

export function providerAddressHelp(mode: string, defaultUrl: string, defaultFitsLive: boolean): AddressHelp {
  if (mode === "live" && !defaultFitsLive)
    return {
      helpText: `Live mode needs your provider's public https address, for example ${EXAMPLE_PROVIDER_URL}.`,
      placeholder: `e.g. ${EXAMPLE_PROVIDER_URL}`,
    };
  return { helpText: `Leave empty for ${defaultUrl}.`, placeholder: `e.g. ${defaultUrl}` };
}
