/**
 * Shopify's global ids: `gid://shopify/<Type>/<n>`, sometimes with a query string (InventoryLevel ids
 * are `gid://shopify/InventoryLevel/<n>?inventory_item_id=<m>` on the real platform, so here too: an
 * app that assumes ids end in digits must find out in tests, not in production).
 */
export function gid(type: string, id: number, query?: string): string {
  return `gid://shopify/${type}/${id}${query ? `?${query}` : ""}`;
}

/** The numeric id of a gid of the given type, or undefined when it is not one. */
export function parseGid(value: unknown, type: string): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(\?.*)?$/.exec(value);
  if (!match || match[1] !== type) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The type name of any gid ("Order" for gid://shopify/Order/1). */
export function gidType(value: string): string | undefined {
  return /^gid:\/\/shopify\/([A-Za-z]+)\//.exec(value)?.[1];
}

/**
 * The app the emulator serves (one per emulator): the owner of holds it places and risk assessments
 * it creates, `App` in views and `held_by_app` / `provider_id` in webhooks.
 */
export const APP_ID = 4_242_001;
export const APP_TITLE = "Fulfilment connector";
