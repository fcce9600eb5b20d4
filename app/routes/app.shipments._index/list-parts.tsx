/** The shipment list's parts: a row's cells, and the side cards (a tracking number looked up at the provider, the jobs that gave up). */
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Badge, Banner, BlockStack, Box, Button, Card, IndexTable, InlineStack, Link, List, Text, TextField } from "@shopify/polaris";
import { ShipmentStateBadge, shipmentKindLabel } from "~/components/shipment-badges";
import type { ShipmentRow } from "~/stores/shipments/shipment-list.server";
import type { DeadJobRow, TrackingLookup } from "./shipments-page.server";
import { useFormat } from "~/components/locale";

/** The same text on the server and in the browser, whatever their time zones: no hydration mismatch. */
// Intl's words in UTC, saying so (lib/format.ts); the carrier's own text (not a time) as it said it.

export function TrackingLookupCard({ tracking, filter, q }: { tracking: TrackingLookup | null; filter: string; q: string }) {
  const format = useFormat();
  const when = (iso: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? format.dateTime(iso) : iso);
  const [number, setNumber] = useState(tracking?.trackingNumber ?? "");
  const navigation = useNavigation();
  const looking = navigation.formMethod === "GET" && navigation.formData?.has("track") === true;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Look up a tracking number
        </Text>
        <Text as="p" tone="subdued">
          Any number the provider or its carriers issued, ours or not.
        </Text>
        <Form method="get">
          <input type="hidden" name="filter" value={filter} />
          {q !== "" && <input type="hidden" name="q" value={q} />}
          <InlineStack gap="200" blockAlign="end" wrap={false}>
            <div style={{ flexGrow: 1 }}>
              <TextField label="Tracking number" name="track" value={number} onChange={setNumber} autoComplete="off" />
            </div>
            <Button submit loading={looking}>
              Look up
            </Button>
          </InlineStack>
        </Form>
        {tracking?.kind === "problem" && <Banner tone="warning" title={tracking.message} />}
        {tracking?.kind === "found" && (
          <BlockStack gap="300">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h3" variant="headingSm">
                {tracking.trackingNumber}
              </Text>
              {tracking.status !== null && <Badge tone={tracking.status === "Delivered" ? "success" : "info"}>{tracking.status}</Badge>}
              {tracking.carrier !== null &&
                (tracking.carrierUrl !== null ? (
                  <Link url={tracking.carrierUrl} target="_blank">
                    {tracking.carrier}
                  </Link>
                ) : (
                  <Text as="span">{tracking.carrier}</Text>
                ))}
            </InlineStack>
            {tracking.shipment !== null ? (
              <Text as="p">
                Our shipment:{" "}
                <Link url={`/app/shipments/${tracking.shipment.id}`}>{tracking.shipment.orderName ?? tracking.shipment.packageId}</Link>{" "}
                (package {tracking.shipment.packageId})
              </Text>
            ) : (
              <Text as="p" tone="subdued">
                No shipment of this shop has this tracking number.
              </Text>
            )}
            {tracking.estimatedDelivery !== null && <Text as="p">Expected by {when(tracking.estimatedDelivery)}</Text>}
            {tracking.checkpoints.length === 0 ? (
              <Text as="p" tone="subdued">
                The provider has no checkpoint for it yet.
              </Text>
            ) : (
              <List type="bullet">
                {tracking.checkpoints.map((checkpoint, index) => (
                  <List.Item key={index}>
                    {[checkpoint.at === null ? null : when(checkpoint.at), checkpoint.message, checkpoint.location]
                      .filter((part) => part !== null)
                      .join(" · ")}
                  </List.Item>
                ))}
              </List>
            )}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

export function DeadJobsCard({ deadJobs }: { deadJobs: readonly DeadJobRow[] }) {
  const format = useFormat();
  const when = format.dateTime;
  const navigation = useNavigation();
  if (deadJobs.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Jobs that stopped
        </Text>
        <Text as="p" tone="subdued">
          These gave up after all their attempts. Fix what the reason says, then retry.
        </Text>
        {deadJobs.map((job) => (
          <Box key={job.id} borderBlockStartWidth="025" borderColor="border" paddingBlockStart="300">
            <InlineStack gap="400" align="space-between" blockAlign="center" wrap={false}>
              <BlockStack gap="100">
                <Text as="h3" fontWeight="semibold">
                  {job.what}
                </Text>
                <Text as="p" breakWord>
                  {job.reason}
                </Text>
                <Text as="p" tone="subdued" variant="bodySm">
                  {`${format.number(job.attempts)} attempts${job.finishedAt === null ? "" : `, stopped ${when(job.finishedAt)}`}`}
                </Text>
              </BlockStack>
              <Form method="post">
                <input type="hidden" name="intent" value="retry-job" />
                <input type="hidden" name="jobId" value={job.id} />
                <Button submit accessibilityLabel={`Retry: ${job.what}`} loading={navigation.formData?.get("jobId") === job.id}>
                  Retry
                </Button>
              </Form>
            </InlineStack>
          </Box>
        ))}
      </BlockStack>
    </Card>
  );
}

/** One shipment's cells in the list: order and package, kind, state, tracking, and why it waits. */
export function ShipmentCells({ row }: { row: ShipmentRow }) {
  return (
    <>
      <IndexTable.Cell>
        <Link url={`/app/shipments/${row.id}`} removeUnderline dataPrimaryLink>
          <Text as="span" fontWeight="semibold">
            {row.orderName ?? "Order"}
          </Text>
        </Link>
        <Text as="p" tone="subdued" variant="bodySm">
          {row.packageId}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>{shipmentKindLabel(row.kind, row.warehouseCode)}</IndexTable.Cell>
      <IndexTable.Cell>
        <ShipmentStateBadge state={row.state} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        {row.trackingNumber === null ? (
          "—"
        ) : row.trackingUrl ? (
          <Link url={row.trackingUrl} target="_blank">
            {row.trackingNumber}
          </Link>
        ) : (
          row.trackingNumber
        )}
      </IndexTable.Cell>
      <IndexTable.Cell>
        {/* The table sits beside the lookup: the reason wraps rather than running out of sight. */}
        <div style={{ whiteSpace: "normal", minWidth: "16rem" }}>
          <Text as="span" breakWord>
            {row.reason ?? ""}
          </Text>
        </div>
      </IndexTable.Cell>
    </>
  );
}
