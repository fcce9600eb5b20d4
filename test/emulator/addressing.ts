/**
 * Which shop a request is for. A shop named in the request (path, X-Shopify-Shop-Domain header,
 * `?shop=`, a *.myshopify.com Host) wins; otherwise the access token identifies it when exactly one
 * shop holds that token, which is always the case for the stack's single demo shop (DESIGN.md
 * section 7: "with one shop, the token alone addresses it"). Control routes, which tests call
 * without credentials, may also omit both when the emulator serves exactly one shop.
 */
import type { EmulatorState, ShopRecord } from "./state";

export type ShopResolution = { shop: ShopRecord } | { status: 401 | 404; error: string };

export const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";

/** The Admin API: a named shop must match the token; an unnamed one is found by its token. */
export function adminShop(state: EmulatorState, named: string | undefined, token: string | undefined): ShopResolution {
  if (named !== undefined) {
    const shop = state.shop(named);
    if (!shop) return { status: 404, error: "Not Found" };
    return token === shop.accessToken ? { shop } : { status: 401, error: INVALID_TOKEN };
  }
  return byToken(state, token);
}

/** Control routes: a named shop, else the token's shop, else the only shop there is. */
export function controlShop(state: EmulatorState, named: string | undefined, token: string | undefined): ShopResolution {
  if (named !== undefined) {
    const shop = state.shop(named);
    return shop ? { shop } : { status: 404, error: `Unknown shop ${named}` };
  }
  if (token !== undefined) return byToken(state, token);
  const shops = [...state.shops.values()];
  const only = shops.length === 1 ? shops[0] : undefined;
  return only
    ? { shop: only }
    : {
        status: 404,
        error: "Name the shop: X-Shopify-Shop-Domain header, ?shop=, or X-Shopify-Access-Token when it is unique to one shop",
      };
}

function byToken(state: EmulatorState, token: string | undefined): ShopResolution {
  const holders = [...state.shops.values()].filter((s) => token !== undefined && s.accessToken === token);
  const [shop] = holders;
  if (holders.length === 1 && shop) return { shop };
  if (holders.length > 1) {
    return {
      status: 404,
      error: "Several shops share this access token: name the shop (X-Shopify-Shop-Domain header or /shops/<shop>/...)",
    };
  }
  return { status: 401, error: INVALID_TOKEN };
}
