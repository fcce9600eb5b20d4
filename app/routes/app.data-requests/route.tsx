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
import { useFormat, useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { rows: await listDataRequests(prisma, session.shop, localeOf(request)) };
}

type Download = { id: string | null; message: string | null; failed: boolean };

export default function DataRequests() {
  const format = useFormat();
  const words = useWords();
  const says = words.dataRequests;
  const { rows } = useLoaderData<typeof loader>();
  const [download, setDownload] = useState<Download>({ id: null, message: null, failed: false });

  async function save(id: string) {
    setDownload({ id, message: null, failed: false });
    try {
      const response = await fetch(`/app/data-requests/${encodeURIComponent(id)}/report`);
      if (!response.ok) {
        setDownload({ id: null, message: says.notDownloaded(await response.text()), failed: true });
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
      setDownload({ id: null, message: says.saved(name), failed: false });
    } catch (error) {
      setDownload({
        id: null,
        message: says.notDownloaded(error instanceof Error ? error.message : String(error)),
        failed: true,
      });
    }
  }

  return (
    <Page title={says.title} subtitle={says.subtitle} backAction={{ content: words.nav.home, url: "/app" }}>
      <BlockStack gap="400">
        {download.message !== null && <Banner tone={download.failed ? "critical" : "success"} title={download.message} />}
        <Card padding="0">
          {rows.length === 0 ? (
            <EmptyState heading={says.emptyHeading} image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png">
              <p>{says.emptyBody}</p>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={says.resourceName}
              itemCount={rows.length}
              selectable={false}
              headings={[
                { title: says.columns.received },
                { title: says.columns.request },
                { title: says.columns.customer },
                { title: says.columns.orders, alignment: "end" },
                { title: says.columns.status },
                { title: says.columns.report },
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
                        {says.shopifyRequest(row.shopifyRequestId)}
                      </Text>
                    )}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{row.customer}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end">
                      {format.number(row.orders)}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{row.status}</IndexTable.Cell>
                  <IndexTable.Cell>
                    {row.downloadable ? (
                      <Button
                        onClick={() => void save(row.id)}
                        loading={download.id === row.id}
                        accessibilityLabel={says.downloadLabel(row.shopifyRequestId ?? row.id)}
                      >
                        {says.download}
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
