/**
 * A shipment's state in the merchant's words and its tone, in plain data: the admin's badges
 * (shipment-badges.tsx) and the order page block (extensions/order-shipments) say the same.
 */
import type { ShipmentState } from "@prisma/client";
import { en } from "~/lib/words/en";

// English, as the order page block's own English file names the states (its test compares them).
const label = en.shipment.states;

export type StateTone = "info" | "success" | "warning" | "critical" | "neutral";

export const STATE_WORDS: {
  readonly [S in ShipmentState]: { label: string; tone: StateTone; progress: "incomplete" | "partiallyComplete" | "complete" | undefined };
} = {
  HELD: { label: label.HELD, tone: "warning", progress: "incomplete" },
  READY: { label: label.READY, tone: "info", progress: "incomplete" },
  SUBMITTED: { label: label.SUBMITTED, tone: "info", progress: "partiallyComplete" },
  CREATED: { label: label.CREATED, tone: "info", progress: "partiallyComplete" },
  FULFILLED: { label: label.FULFILLED, tone: "success", progress: "complete" },
  DELIVERED: { label: label.DELIVERED, tone: "success", progress: "complete" },
  FAILED: { label: label.FAILED, tone: "critical", progress: "incomplete" },
  CANCELLED: { label: label.CANCELLED, tone: "neutral", progress: undefined },
  ENDED: { label: label.ENDED, tone: "critical", progress: "incomplete" },
};
