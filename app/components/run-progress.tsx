/**
 * A background run (catalogue read, SKU registration, stock sync) as the merchant watches it: a
 * progress bar that moves while the page polls, then the outcome. The card keeps its place from
 * start to end, so the page does not jump when the run finishes.
 */
import { BlockStack, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useFormat } from "~/components/locale";

export interface RunView {
  id: string;
  kind: string;
  status: string;
  total: number;
  processed: number;
  failed: number;
  message: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/**
 * The run as one card of the same shape whatever its state (none yet, under way, ended): a title,
 * a bar and a line, so nothing below it moves when it starts or ends.
 */
export function RunProgress({ run, title, unit, idle }: { run: RunView | null; title: string; unit: string; idle: string }) {
  const format = useFormat();
  const running = run?.status === "RUNNING";
  const progress = run === null ? 0 : running ? (run.total > 0 ? Math.min(100, Math.round((run.processed / run.total) * 100)) : 0) : 100;
  const count =
    run === null
      ? ""
      : running
        ? run.total > 0
          ? `${format.number(run.processed)} of ${format.number(run.total)} ${unit}`
          : "Starting…"
        : run.finishedAt
          ? `Finished ${format.dateTime(run.finishedAt)}`
          : "";
  const tone = run === null || running ? "subdued" : run.status === "FAILED" ? "critical" : run.failed > 0 ? "caution" : "success";
  const line = run === null ? idle : (run.message ?? (running ? "Working…" : "Done."));
  const id = `run-${run?.id ?? "none"}-message`;
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingSm">
            {title}
          </Text>
          <Text as="span" tone="subdued">
            {count}
          </Text>
        </InlineStack>
        <ProgressBar
          progress={progress}
          size="small"
          tone={tone === "critical" ? "critical" : tone === "success" ? "success" : "primary"}
          ariaLabelledBy={id}
        />
        <Text as="p" tone={tone} id={id}>
          {line}
        </Text>
      </BlockStack>
    </Card>
  );
}

export function runViewOf(
  run: {
    id: string;
    kind: string;
    status: string;
    total: number;
    processed: number;
    failed: number;
    message: string | null;
    startedAt: Date;
    finishedAt: Date | null;
  } | null,
): RunView | null {
  if (run === null) return null;
  return { ...run, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt?.toISOString() ?? null };
}
