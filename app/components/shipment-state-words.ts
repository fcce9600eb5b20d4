/**
 * A shipment's state in the merchant's words and its tone, in plain data: the admin's badges
 * (shipment-badges.tsx) and the order page block (extensions/order-shipments) say the same.
 */
import type { ShipmentState } from "@prisma/client";

export type StateTone = "info" | "success" | "warning" | "critical" | "neutral";

export const STATE_WORDS: {
  readonly [S in ShipmentState]: { label: string; tone: StateTone; progress: "incomplete" | "partiallyComplete" | "complete" | undefined };
} = {
  HELD: { label: "On hold", tone: "warning", progress: "incomplete" },
  READY: { label: "Waiting to send", tone: "info", progress: "incomplete" },
  SUBMITTED: { label: "Sent to provider", tone: "info", progress: "partiallyComplete" },
  CREATED: { label: "Tracking assigned", tone: "info", progress: "partiallyComplete" },
  FULFILLED: { label: "Fulfilled", tone: "success", progress: "complete" },
  DELIVERED: { label: "Delivered", tone: "success", progress: "complete" },
  FAILED: { label: "Provider refused", tone: "critical", progress: "incomplete" },
  CANCELLED: { label: "Cancelled", tone: "neutral", progress: undefined },
  ENDED: { label: "Follow ended", tone: "critical", progress: "incomplete" },
};
