/**
 * A background run (catalogue read, SKU registration, stock sync) as the merchant watches it: a
 * progress bar that moves while the page polls, then the outcome. The card keeps its place from
 * start to end, so the page does not jump when the run finishes.
 */
import { BlockStack, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useFormat, useWords } from "~/components/locale";
import type { Say } from "~/lib/words/reason-said";
import { textIn } from "~/lib/words/reason-said";
import { runSayOf } from "~/stores/catalogue/run-say";

export interface RunView {
  id: string;
  kind: string;
  status: string;
  total: number;
  processed: number;
  failed: number;
  message: string | null;
  /** The message's sentence, said in the admin's language; null for a run stored before runs had one. */
  say: Say | null;
  startedAt: string;
  finishedAt: string | null;
}

/**
 * The run as one card of the same shape whatever its state (none yet, under way, ended): a title,
 * a bar and a line, so nothing below it moves when it starts or ends. `done` says how far it is in
 * the page's words ("3 of 10 SKUs"); the run's own message is said again in the admin's words
 * from its sentence, or shown as stored when it has none.
 */
export function RunProgress(props: {
  run: RunView | null;
  title: string;
  done: (processed: string, total: string) => string;
  idle: string;
}) {
  const { run, title, idle } = props;
  const format = useFormat();
  const allWords = useWords();
  const words = allWords.runProgress;
  const running = run?.status === "RUNNING";
  const progress = run === null ? 0 : running ? (run.total > 0 ? Math.min(100, Math.round((run.processed / run.total) * 100)) : 0) : 100;
  const count =
    run === null
      ? ""
      : running
        ? run.total > 0
          ? props.done(format.number(run.processed), format.number(run.total))
          : words.starting
        : run.finishedAt
          ? words.finished(format.dateTime(run.finishedAt))
          : "";
  const tone = run === null || running ? "subdued" : run.status === "FAILED" ? "critical" : run.failed > 0 ? "caution" : "success";
  const line =
    run === null
      ? idle
      : run.message === null
        ? running
          ? words.working
          : words.done
        : textIn(allWords.runSays, { message: run.message, say: run.say });
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
    result: string | null;
    startedAt: Date;
    finishedAt: Date | null;
  } | null,
): RunView | null {
  if (run === null) return null;
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    total: run.total,
    processed: run.processed,
    failed: run.failed,
    message: run.message,
    say: runSayOf(run.result),
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
