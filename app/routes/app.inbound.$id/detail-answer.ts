// What an inbound shipment's page answers to its two actions (ask about its arrival, change its boxes).
import type { Refusal } from "../app.inbound.new/inbound.server";

export type DetailAnswer =
  | { intent: "check" | "boxes"; ok: true; tone: "success" | "info" | "warning"; message: string }
  | ({ intent: "check" | "boxes" } & Refusal);
