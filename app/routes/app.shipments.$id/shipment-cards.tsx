/** The shipment page's cards of facts: the shipment as the provider and Shopify know it, and its timeline. */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { BlockStack, Button, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { shipmentKindLabel } from "~/components/shipment-badges";
import type { ShippingCostLine } from "~/connector/shipping-costs";
import type { ShipmentDetail, ShipmentTimelineEntry } from "~/stores/shipments/shipment-list.server";
import { useFormat, useWords } from "~/components/locale";

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
  const all = useWords();
  const words = all.shipmentPage;
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {words.shipment}
          </Text>
          {refreshable && (
            <Form method="post">
              <input type="hidden" name="intent" value="refresh" />
              <Button submit loading={refreshing} disabled={retrying}>
                {words.refresh}
              </Button>
            </Form>
          )}
        </InlineStack>
        <Fact label={words.kind}>{shipmentKindLabel(shipment.kind, shipment.warehouseCode, all.shipment)}</Fact>
        <Fact label={words.service}>{shipment.serviceCode ?? words.notChosenYet}</Fact>
        <Fact label={words.tracking}>
          {shipment.trackingNumber === null ? (
            words.noTrackingYet
          ) : shipment.trackingUrl ? (
            <Link url={shipment.trackingUrl} target="_blank">
              {shipment.trackingNumber}
            </Link>
          ) : (
            shipment.trackingNumber
          )}
          {shipment.trackingCarrier ? words.carrier(shipment.trackingCarrier) : ""}
        </Fact>
        {shipment.otherParcels.length > 0 && (
          <Fact label={words.otherParcels}>
            {shipment.otherParcels.map((parcel, index) => (
              <span key={parcel.number}>
                {index > 0 ? words.listSeparator : ""}
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
        <Fact label={words.shippingCosts}>
          {costs === null
            ? words.noCostsYet
            : costs.lines.length > 1
              ? // Each line by the provider's own name for it (its remark or type).
                words.costLines(
                  costs.total,
                  costs.lines.map((line) => `${line.remark ?? line.type ?? words.cost} ${line.amount}`).join(words.listSeparator),
                )
              : costs.total}
        </Fact>
        {duties !== null && (
          <Fact label={words.dutiesLabel}>{duties.collected ? words.dutiesPaid(duties.amount) : words.dutiesNotCollected}</Fact>
        )}
        <Fact label={words.sentToProvider}>{words.sentTimes(shipment.attempts, format.number(shipment.attempts))}</Fact>
        <Fact label={words.created}>{format.dateTime(shipment.createdAt)}</Fact>
        <Fact label={words.lastChange}>{format.dateTime(shipment.updatedAt)}</Fact>
      </BlockStack>
    </Card>
  );
}

export function TimelineCard({ timeline }: { timeline: readonly ShipmentTimelineEntry[] }) {
  const format = useFormat();
  const words = useWords().shipmentPage;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {words.timeline}
        </Text>
        {timeline.length === 0 ? (
          <Text as="p" tone="subdued">
            {words.nothingYet}
          </Text>
        ) : (
          <BlockStack gap="200">
            {timeline.map((entry) => (
              <BlockStack key={entry.id} gap="050">
                <Text as="p" tone="subdued" variant="bodySm">
                  {format.dateTime(entry.at)}
                </Text>
                {/* What happened, as the pipeline recorded it at the time. */}
                <Text as="p">{entry.message}</Text>
              </BlockStack>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
