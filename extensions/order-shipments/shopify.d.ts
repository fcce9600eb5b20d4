// The `shopify` global of the block's target, for the entry module only (as Shopify's CLI writes it).
import "@shopify/ui-extensions";

// The entry module, augmented with its target's global.
declare module "./src/BlockExtension.tsx" {
  const shopify: import("@shopify/ui-extensions/admin.order-details.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}
