/**
 * The shipment page's list of what the package carries: each product with its SKU and quantity,
 * and a Shopify bundle's components under the bundle the customer bought, so a merchant who sold
 * "Gift box" recognises the parcel of candles and mugs (decision 0046).
 */
import { BlockStack, Card, List, Text } from "@shopify/polaris";
import type { ShipmentItem, ShipmentItemGroup } from "~/stores/shipments/shipment-items";
import { useFormat, useWords } from "~/components/locale";

function ItemLine({ item }: { item: ShipmentItem }) {
  const format = useFormat();
  const items = useWords().shipmentPage.items;
  return (
    <>
      {items.times(item.product, format.number(item.quantity))}
      {item.sku !== null && (
        <Text as="span" tone="subdued">
          {` · ${items.sku(item.sku)}`}
        </Text>
      )}
    </>
  );
}

export function ItemsCard({ groups }: { groups: readonly ShipmentItemGroup[] }) {
  const format = useFormat();
  const items = useWords().shipmentPage.items;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {items.title}
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
                    {items.times(group.bundle.title, format.number(group.bundle.quantity))}
                  </Text>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {items.bundle}
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
