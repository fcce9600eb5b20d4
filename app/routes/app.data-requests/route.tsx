/**
 * Customer data requests: what Shopify asked on behalf of the shop's customers (a copy of their data,
 * or its erasure), when, and where each stands. A data request's report downloads as JSON, for the
 * merchant to pass on. The shop's own only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, EmptyState, IndexTable, Page, Text } from "@shopify/polaris";
import { useState } from "react";
import prisma from "~/db.server";
import { authenticate } from "~/shopify.server";
import { listDataRequests } from "./data-requests.server";
import { useFormat } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { formatterFor } from "~/lib/format";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { rows: await listDataRequests(prisma, session.shop, formatterFor(localeOf(request))) };
}

type Download = { id: string | null; message: string | null; failed: boolean };

export default function DataRequests() {
  const format = useFormat();
  const { rows } = useLoaderData<typeof loader>();
  const [download, setDownload] = useState<Download>({ id: null, message: null, failed: false });

  async function save(id: string) {
    setDownload({ id, message: null, failed: false });
    try {
      const response = await fetch(`/app/data-requests/${encodeURIComponent(id)}/report`);
      if (!response.ok) {
        setDownload({ id: null, message: `The report could not be downloaded: ${await response.text()}`, failed: true });
        return;
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "customer-data-request.json";
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setDownload({ id: null, message: `Saved ${name}. Send it to the customer as Shopify's request asks.`, failed: false });
    } catch (error) {
      setDownload({
        id: null,
        message: `The report could not be downloaded: ${error instanceof Error ? error.message : String(error)}`,
        failed: true,
      });
    }
  }

  return (
    <Page
      title="Customer data requests"
      subtitle="What your customers asked of their data through Shopify, and what the app did"
      backAction={{ content: "Home", url: "/app" }}
    >
      <BlockStack gap="400">
        {download.message !== null && <Banner tone={download.failed ? "critical" : "success"} title={download.message} />}
        <Card padding="0">
          {rows.length === 0 ? (
            <EmptyState
              heading="No customer data requests"
              image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
            >
              <p>
                When a customer asks Shopify for a copy of their data, or for its erasure, the request and what the app did appear here.
              </p>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={{ singular: "request", plural: "requests" }}
              itemCount={rows.length}
              selectable={false}
              headings={[
                { title: "Received" },
                { title: "Request" },
                { title: "Customer" },
                { title: "Orders", alignment: "end" },
                { title: "Status" },
                { title: "Report" },
              ]}
            >
              {rows.map((row, index) => (
                <IndexTable.Row id={row.id} key={row.id} position={index}>
                  <IndexTable.Cell>{format.dateTime(row.receivedAt)}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" fontWeight="semibold">
                      {row.kind}
                    </Text>
                    {row.shopifyRequestId !== null && (
                      <Text as="p" tone="subdued" variant="bodySm">
                        Shopify request {row.shopifyRequestId}
                      </Text>
                    )}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{row.customer}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end">
                      {row.orders}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{row.status}</IndexTable.Cell>
                  <IndexTable.Cell>
                    {row.downloadable ? (
                      <Button
                        onClick={() => void save(row.id)}
                        loading={download.id === row.id}
                        accessibilityLabel={`Download the report of request ${row.shopifyRequestId ?? row.id}`}
                      >
                        Download
                      </Button>
                    ) : (
                      <Text as="span" tone="subdued">
                        —
                      </Text>
                    )}
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}
