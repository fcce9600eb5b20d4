/**
 * An address from someone else (a provider's carrier tracking page) that the admin renders as a
 * link and sends to Shopify: only an absolute http(s) URL passes, so `javascript:`, `data:` and the
 * like are dropped (null) rather than stored, rendered or sent.
 */
export function webAddressOrNull(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value.trim();
  if (!URL.canParse(text)) return null;
  const { protocol } = new URL(text);
  return protocol === "https:" || protocol === "http:" ? text : null;
}
