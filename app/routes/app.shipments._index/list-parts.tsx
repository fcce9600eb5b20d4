/** The shipment list's parts: a row's cells, and the side cards (a tracking number looked up at the provider, the jobs that gave up). */
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Badge, Banner, BlockStack, Box, Button, Card, IndexTable, InlineStack, Link, List, Text, TextField } from "@shopify/polaris";
import { ShipmentStateBadge, shipmentKindLabel } from "~/components/shipment-badges";
import type { ShipmentRow } from "~/stores/shipments/shipment-list.server";
import type { DeadJobRow, TrackingLookup } from "./shipments-page.server";
import { useFormat, useWords } from "~/components/locale";

/** The same text on the server and in the browser, whatever their time zones: no hydration mismatch. */
// Intl's words in UTC, saying so (lib/format.ts); the carrier's own text (not a time) as it said it.

export function TrackingLookupCard({ tracking, filter, q }: { tracking: TrackingLookup | null; filter: string; q: string }) {
  const format = useFormat();
  const words = useWords().shipments;
  const when = (iso: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? format.dateTime(iso) : iso);
  const [number, setNumber] = useState(tracking?.trackingNumber ?? "");
  const navigation = useNavigation();
  const looking = navigation.formMethod === "GET" && navigation.formData?.has("track") === true;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {words.lookUpHeading}
        </Text>
        <Text as="p" tone="subdued">
          {words.lookUpBody}
        </Text>
        <Form method="get">
          <input type="hidden" name="filter" value={filter} />
          {q !== "" && <input type="hidden" name="q" value={q} />}
          <InlineStack gap="200" blockAlign="end" wrap={false}>
            <div style={{ flexGrow: 1 }}>
              <TextField label={words.trackingNumber} name="track" value={number} onChange={setNumber} autoComplete="off" />
            </div>
            <Button submit loading={looking}>
              {words.lookUp}
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
              {tracking.status !== null && (
                <Badge tone={tracking.status === "Delivered" ? "success" : "info"}>
                  {words.trackingStatuses[tracking.status] ?? tracking.status}
                </Badge>
              )}
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
                {words.ourShipment}{" "}
                <Link url={`/app/shipments/${tracking.shipment.id}`}>{tracking.shipment.orderName ?? tracking.shipment.packageId}</Link>{" "}
                {words.packageNote(tracking.shipment.packageId)}
              </Text>
            ) : (
              <Text as="p" tone="subdued">
                {words.notOurs}
              </Text>
            )}
            {tracking.estimatedDelivery !== null && <Text as="p">{words.expectedBy(when(tracking.estimatedDelivery))}</Text>}
            {tracking.checkpoints.length === 0 ? (
              <Text as="p" tone="subdued">
                {words.noCheckpoint}
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
  const words = useWords().shipments;
  const when = format.dateTime;
  const navigation = useNavigation();
  if (deadJobs.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {words.jobsStopped}
        </Text>
        <Text as="p" tone="subdued">
          {words.jobsStoppedBody}
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
                  {`${words.attempts(job.attempts, format.number(job.attempts))}${job.finishedAt === null ? "" : words.stoppedAt(when(job.finishedAt))}`}
                </Text>
              </BlockStack>
              <Form method="post">
                <input type="hidden" name="intent" value="retry-job" />
                <input type="hidden" name="jobId" value={job.id} />
                <Button submit accessibilityLabel={words.retryJob(job.what)} loading={navigation.formData?.get("jobId") === job.id}>
                  {words.retry}
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
  const words = useWords();
  return (
    <>
      <IndexTable.Cell>
        <Link url={`/app/shipments/${row.id}`} removeUnderline dataPrimaryLink>
          <Text as="span" fontWeight="semibold">
            {row.orderName ?? words.shipments.order}
          </Text>
        </Link>
        <Text as="p" tone="subdued" variant="bodySm">
          {row.packageId}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>{shipmentKindLabel(row.kind, row.warehouseCode, words.shipment)}</IndexTable.Cell>
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
