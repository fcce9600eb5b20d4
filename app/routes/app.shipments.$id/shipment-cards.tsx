/** The shipment page's cards of facts: the shipment as the provider and Shopify know it, and its timeline. */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { BlockStack, Button, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { shipmentKindLabel } from "~/components/shipment-badges";
import type { ShippingCostLine } from "~/connector/shipping-costs";
import type { ShipmentDetail, ShipmentTimelineEntry } from "~/stores/shipments/shipment-list.server";
import { useFormat } from "~/components/locale";

/** What the page says about duties and import taxes (one place, to be translated). */
const DUTIES_TEXT = {
  label: "Duties and import taxes",
  paid: (amount: string) =>
    `Paid by the buyer at checkout: ${amount}. The package tells the provider, so the buyer is not charged again on delivery.`,
  notCollected: "Not collected at checkout: the buyer pays them on delivery. The package tells the provider so.",
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <InlineStack gap="200" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span">{children}</Text>
    </InlineStack>
  );
}

export function ShipmentCard({
  shipment,
  costs,
  duties,
  refreshable,
  refreshing,
  retrying,
}: {
  shipment: ShipmentDetail;
  costs: { lines: (ShippingCostLine & { amount: string })[]; total: string } | null;
  /** Said only for a drop-ship parcel that clears customs; the amount already written by Intl. */
  duties: { collected: true; amount: string } | { collected: false } | null;
  refreshable: boolean;
  refreshing: boolean;
  retrying: boolean;
}) {
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Shipment
          </Text>
          {refreshable && (
            <Form method="post">
              <input type="hidden" name="intent" value="refresh" />
              <Button submit loading={refreshing} disabled={retrying}>
                Refresh from the provider
              </Button>
            </Form>
          )}
        </InlineStack>
        <Fact label="Kind">{shipmentKindLabel(shipment.kind, shipment.warehouseCode)}</Fact>
        <Fact label="Service">{shipment.serviceCode ?? "Not chosen yet"}</Fact>
        <Fact label="Tracking">
          {shipment.trackingNumber === null ? (
            "No tracking number yet"
          ) : shipment.trackingUrl ? (
            <Link url={shipment.trackingUrl} target="_blank">
              {shipment.trackingNumber}
            </Link>
          ) : (
            shipment.trackingNumber
          )}
          {shipment.trackingCarrier ? ` (${shipment.trackingCarrier})` : ""}
        </Fact>
        {shipment.otherParcels.length > 0 && (
          <Fact label="Other parcels">
            {shipment.otherParcels.map((parcel, index) => (
              <span key={parcel.number}>
                {index > 0 ? ", " : ""}
                {parcel.url ? (
                  <Link url={parcel.url} target="_blank">
                    {parcel.number}
                  </Link>
                ) : (
                  parcel.number
                )}
              </span>
            ))}
          </Fact>
        )}
        <Fact label="Shipping costs">
          {costs === null
            ? "None reported by the provider yet"
            : `${costs.total}${costs.lines.length > 1 ? ` (${costs.lines.map((line) => `${line.remark ?? line.type ?? "cost"} ${line.amount}`).join(", ")})` : ""}`}
        </Fact>
        {duties !== null && (
          <Fact label={DUTIES_TEXT.label}>{duties.collected ? DUTIES_TEXT.paid(duties.amount) : DUTIES_TEXT.notCollected}</Fact>
        )}
        <Fact label="Sent to the provider">{shipment.attempts === 1 ? "once" : `${shipment.attempts} times`}</Fact>
        <Fact label="Created">{format.dateTime(shipment.createdAt)}</Fact>
        <Fact label="Last change">{format.dateTime(shipment.updatedAt)}</Fact>
      </BlockStack>
    </Card>
  );
}

export function TimelineCard({ timeline }: { timeline: readonly ShipmentTimelineEntry[] }) {
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Timeline
        </Text>
        {timeline.length === 0 ? (
          <Text as="p" tone="subdued">
            Nothing has happened to this shipment yet.
          </Text>
        ) : (
          <BlockStack gap="200">
            {timeline.map((entry) => (
              <BlockStack key={entry.id} gap="050">
                <Text as="p" tone="subdued" variant="bodySm">
                  {format.dateTime(entry.at)}
                </Text>
                <Text as="p">{entry.message}</Text>
              </BlockStack>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
