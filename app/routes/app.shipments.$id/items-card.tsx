/**
 * The shipment page's list of what the package carries: each product with its SKU and quantity,
 * and a Shopify bundle's components under the bundle the customer bought, so a merchant who sold
 * "Gift box" recognises the parcel of candles and mugs (decision 0046).
 */
import { BlockStack, Card, List, Text } from "@shopify/polaris";
import type { ShipmentItem, ShipmentItemGroup } from "~/stores/shipments/shipment-items";
import { useFormat } from "~/components/locale";

/** What the card says (one place, to be translated). */
const ITEMS_TEXT = {
  title: "Items",
  times: (name: string, quantity: string) => `${name} × ${quantity}`,
  sku: (sku: string) => `SKU ${sku}`,
  bundle: "A bundle in Shopify: the warehouse picks its components.",
};

function ItemLine({ item }: { item: ShipmentItem }) {
  const format = useFormat();
  return (
    <>
      {ITEMS_TEXT.times(item.product, format.number(item.quantity))}
      {item.sku !== null && (
        <Text as="span" tone="subdued">
          {` · ${ITEMS_TEXT.sku(item.sku)}`}
        </Text>
      )}
    </>
  );
}

export function ItemsCard({ groups }: { groups: readonly ShipmentItemGroup[] }) {
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {ITEMS_TEXT.title}
        </Text>
        <List>
          {groups.map((group, index) =>
            group.bundle === null ? (
              group.items.map((item, line) => (
                <List.Item key={`${index}-${line}`}>
                  <ItemLine item={item} />
                </List.Item>
              ))
            ) : (
              <List.Item key={index}>
                <BlockStack gap="100">
                  <Text as="span" fontWeight="semibold">
                    {ITEMS_TEXT.times(group.bundle.title, format.number(group.bundle.quantity))}
                  </Text>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {ITEMS_TEXT.bundle}
                  </Text>
                  <List>
                    {group.items.map((item, line) => (
                      <List.Item key={line}>
                        <ItemLine item={item} />
                      </List.Item>
                    ))}
                  </List>
                </BlockStack>
              </List.Item>
            ),
          )}
        </List>
      </BlockStack>
    </Card>
  );
}
