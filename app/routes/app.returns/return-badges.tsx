/** How a return's state reads to the merchant. */
import type { ReturnState } from "@prisma/client";
import { Badge, type BadgeProps } from "@shopify/polaris";

const STATE_WORDS: { readonly [S in ReturnState]: { label: string; tone: BadgeProps["tone"]; progress: BadgeProps["progress"] } } = {
  SENT: { label: "On its way back", tone: "info", progress: "partiallyComplete" },
  RECEIVED: { label: "At the warehouse", tone: "info", progress: "partiallyComplete" },
  RESTOCKED: { label: "Restocked", tone: "success", progress: "complete" },
  FAILED: { label: "Provider refused", tone: "critical", progress: "incomplete" },
};

export function ReturnStateBadge({ state }: { state: ReturnState }) {
  const { label, tone, progress } = STATE_WORDS[state];
  return (
    <Badge tone={tone} progress={progress}>
      {label}
    </Badge>
  );
}
