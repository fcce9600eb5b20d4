/**
 * What the order page block (extensions/order-shipments) and this route say to each other, as JSON.
 * Types only: the extension imports them as types, so nothing of the app is bundled into it. Both
 * calls carry `Authorization: Bearer <session token>`; the order id is the number in the order's gid
 * (`gid://shopify/Order/<number>`), or the gid itself.
 *
 *   GET  /api/orders/{order id}/shipments?locale=…   → OrderShipmentsAnswer
 *   POST /api/orders/{order id}/shipments?locale=…   {"shipmentId", "action": "send" | "retry"} → ShipmentActionAnswer
 *
 * `locale` is the language the block is shown in ("zh-CN"): the states, reasons, answers and
 * refusals are said in it; English without one. The provider's own words stay quoted as it said them.
 */

export type ShipmentAction = "send" | "retry";

export type StateTone = "info" | "success" | "warning" | "critical" | "neutral";

export interface TrackingLink {
  number: string;
  /** The carrier's page: http(s) only, otherwise null (shown as plain text). */
  url: string | null;
}

export interface OrderShipmentView {
  id: string;
  packageId: string;
  /** The state in the merchant's words ("On hold", "Tracking assigned") and its tone. */
  state: { code: string; label: string; tone: StateTone };
  /** "Outbound from warehouse US01", "Drop-ship via HK-HANDLING". */
  warehouse: string;
  service: string | null;
  /** Every parcel's tracking number, the main one first. */
  tracking: TrackingLink[];
  /** Why it is held, refused or ended, in the merchant's words; null when nothing is wrong. */
  reason: string | null;
  /** Each hold reason with the field it is about. */
  reasons: { field: string; message: string }[];
  /** What may be done to it now. */
  actions: ShipmentAction[];
}

export interface OrderShipmentsAnswer {
  orderId: string;
  shipments: OrderShipmentView[];
}

export interface ShipmentActionAnswer {
  /** sent (the provider has it), queued (it will go shortly), held (the reasons say why), ready, cancelled or refused. */
  outcome: "sent" | "queued" | "held" | "ready" | "cancelled" | "refused";
  message: string;
  /** Each field the provider or the checks refused, named. */
  reasons: { field: string; message: string }[];
  /** The order's shipments after the action. */
  shipments: OrderShipmentView[];
}

/** Any refusal of the route (400, 401, 404): what went wrong, in the block's language, with the field when one is to blame. */
export interface BlockError {
  error: string;
  field?: string;
}
