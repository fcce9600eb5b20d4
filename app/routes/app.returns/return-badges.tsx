/** How a return's state reads to the merchant. */
import type { ReturnState } from "@prisma/client";
import { Badge, type BadgeProps } from "@shopify/polaris";
import { useWords } from "~/components/locale";

/** Each state's tone; its name is the page's words (lib/words). */
const STATE_TONES: { readonly [S in ReturnState]: { tone: BadgeProps["tone"]; progress: BadgeProps["progress"] } } = {
  SENT: { tone: "info", progress: "partiallyComplete" },
  RECEIVED: { tone: "info", progress: "partiallyComplete" },
  RESTOCKED: { tone: "success", progress: "complete" },
  FAILED: { tone: "critical", progress: "incomplete" },
};

export function ReturnStateBadge({ state }: { state: ReturnState }) {
  const words = useWords().returns;
  const { tone, progress } = STATE_TONES[state];
  return (
    <Badge tone={tone} progress={progress}>
      {words.states[state]}
    </Badge>
  );
}
