/** @jsxImportSource preact */
/**
 * The extension's entry (admin.order-details.block.render): Shopify runs it with the `shopify`
 * global of that target, and the block renders into the admin's order page.
 */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { OrderShipmentsBlock } from "./OrderShipmentsBlock";

export default async () => {
  render(<OrderShipmentsBlock api={shopify} fetch={fetch} />, document.body);
};
