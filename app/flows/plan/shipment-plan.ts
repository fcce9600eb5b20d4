/**
 * From the connector's plan of a fulfillment order to the shipment the app records: READY to send,
 * or HELD with every reason (the connector's, or the shop's hold-for-review policy). Pure.
 */
import type { ShipmentKind } from "@prisma/client";
import {
  type FulfillmentOrderFacts,
  type FulfillmentOrderLine,
  type OrderFacts,
  type PackageId,
  type PackagePlan,
  type PackageRequest,
  planPackage,
  type WaitCode,
} from "~/connector";
import { isCashOnDelivery } from "~/connector/cod";
import { linesToShip } from "~/connector/lines";
import { routeFor, routeWhere } from "~/connector/routing";
import { said, type ReasonKey } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";
import type { ShipmentLine, StoredHoldReason } from "~/stores/shipments/shipment-columns";
import type { ShipmentEventInput } from "~/stores/shipments/shipment.server";
import type { FactsWanted, PipelineSettings } from "../ports/ports";
import { HELD_BY_CHECKS, HELD_FOR_REVIEW } from "~/stores/shipments/shipment-states";

export interface ShipmentPlan {
  kind: ShipmentKind;
  state: "READY" | "HELD";
  packageId: PackageId;
  origin: string | null;
  serviceCode: string | null;
  /** The package to send; null while held by the checks (there is none yet). */
  request: PackageRequest | null;
  lineItems: ShipmentLine[];
  /** What the Shipments search finds it by besides order and tracking: its SKUs (searchTextOf) and recipient (recipientSearchTextOf). */
  searchText: string;
  recipientSearchText: string;
  hold?: { code: string; reasons: StoredHoldReason[] };
  /** When a scheduled fulfillment order opens: the shipment is looked at again then. */
  waitUntil?: Date;
  /** Where it goes, or why it waits: the answer to Shopify's fulfillment request. */
  summary: string;
  event: ShipmentEventInput;
}

export type Planned = { plan: PackagePlan; shipment: ShipmentPlan | undefined };

const REVIEW_REASON: StoredHoldReason = { field: "Review", ...said("forReview") };

const WAIT_FIELDS = {
  SHOPIFY_HOLD: "Shopify hold",
  SCHEDULED: "Schedule",
  AWAITING_PAYMENT: "Payment",
  HIGH_RISK: "Fraud risk",
} as const satisfies Record<WaitCode, string>;
const WAIT_EVENTS = {
  SHOPIFY_HOLD: "waitsForShopifyHold",
  SCHEDULED: "waitsForDate",
  AWAITING_PAYMENT: "waitsForPayment",
  HIGH_RISK: "waitsForRiskReview",
} as const satisfies Record<WaitCode, ReasonKey>;

/** The timeline's entry for a wait, as a sentence of the catalogue (the admin says it in the merchant's language). */
function waitEventOf(packageId: string, code: WaitCode): ShipmentEventInput {
  const waiting = said(WAIT_EVENTS[code]);
  return { type: "held", message: waiting.message, data: { packageId, waitingFor: code, say: waiting.say } };
}

/** Words for the Shipments search: lower case, one per line, each once. */
function searchWords(words: readonly (string | null | undefined)[]): string {
  const kept = words
    .filter((word): word is string => typeof word === "string" && word.trim() !== "")
    .map((word) => word.trim().toLowerCase());
  return [...new Set(kept)].join("\n");
}

/**
 * The words the Shipments search finds a package by, beyond its order name and tracking: its SKUs.
 * Kept on the shipment because a held package has no request to search (it is built only once the
 * package can be sent).
 */
export function searchTextOf(fo: FulfillmentOrderFacts): string {
  return searchWords(linesToShip(fo).map((line) => line.sku));
}

/**
 * The recipient's name and company, which the Shipments search finds a package by too. Apart from
 * the SKUs because they are the customer's: removed once the shipment is final, erased on
 * customers/redact (decision 0038).
 */
export function recipientSearchTextOf(fo: FulfillmentOrderFacts): string {
  if (fo.destination === null) return "";
  return searchWords([[fo.destination.firstName, fo.destination.lastName].filter(Boolean).join(" "), fo.destination.company]);
}

/**
 * A line the package carries, with the words the shipment's page names it by: a bundle's
 * component keeps its bundle, so the page shows it under "Gift box × 2" (decision 0046).
 */
function shipmentLineOf(line: FulfillmentOrderLine): ShipmentLine {
  const variant = line.variantTitle?.trim();
  const product = variant ? `${line.productTitle} - ${variant}` : line.productTitle;
  return {
    id: line.id,
    quantity: line.remainingQuantity,
    product,
    sku: line.sku,
    ...(line.bundle !== null ? { bundle: line.bundle } : {}),
  };
}

/** A drop-ship package, ready, held or waiting: what the drop-ship path records (a warehouse's go through its request). */
export function isDropshipPlan(plan: PackagePlan): boolean {
  return plan.kind === "DROPSHIP" || ((plan.kind === "HELD" || plan.kind === "WAIT") && plan.shipmentKind === "DROPSHIP");
}

/**
 * What a fulfillment order's read must include for these settings to plan it: the cash-on-delivery
 * facts (the amount to collect, the order's lines) for an order the settings call cash on delivery.
 */
export function factsWantedFor(settings: PipelineSettings): FactsWanted {
  return {
    cashOnDelivery: (paymentGatewayNames) => isCashOnDelivery({ paymentGatewayNames }, settings.connector),
    totalTax: settings.connector.taxIds.ioss !== undefined,
    duties: settings.connector.routes.some((route) => route.kind === "DROPSHIP"),
  };
}

/** A person asked (Retry, Send): held for review, unpaid and high-risk packages go all the same. */
export function asAskedByPerson(settings: PipelineSettings): PipelineSettings {
  return {
    ...settings,
    pushPolicy: "autoPush",
    connector: { ...settings.connector, orders: { ...settings.connector.orders, shipUnpaid: true, shipHighRisk: true } },
  };
}

/**
 * The shipment a fulfillment order becomes, or undefined when the plan skips it (not ours, not
 * ready, nothing to ship): `plan.reason` says why.
 */
/** Where a held shipment would leave from: its warehouse, or the drop-ship handling location. */
function originOf(fo: FulfillmentOrderFacts, settings: PipelineSettings): string | null {
  const route = routeFor(fo.assignedLocationId, settings.connector);
  return route ? (route.kind === "OUTBOUND" ? route.warehouseId : route.handlingLocation) : null;
}

export function shipmentPlanOf(fo: FulfillmentOrderFacts, order: OrderFacts, settings: PipelineSettings): Planned {
  const plan = planPackage(fo, order, settings.connector);
  const lineItems = linesToShip(fo).map(shipmentLineOf);
  const searchText = searchTextOf(fo);
  const recipientSearchText = recipientSearchTextOf(fo);
  switch (plan.kind) {
    case "SKIP":
      return { plan, shipment: undefined };
    case "WAIT": {
      const origin = originOf(fo, settings);
      const until = plan.until === null ? undefined : new Date(plan.until);
      return {
        plan,
        shipment: {
          kind: plan.shipmentKind,
          state: "HELD",
          packageId: plan.packageId,
          origin,
          serviceCode: null,
          request: null,
          lineItems,
          searchText,
          recipientSearchText,
          hold: { code: plan.code, reasons: [{ field: WAIT_FIELDS[plan.code], message: plan.message, say: plan.say }] },
          ...(until !== undefined && !Number.isNaN(until.getTime()) ? { waitUntil: until } : {}),
          summary: plan.message,
          // The timeline keeps the reason's kind, not the notes (a hold's notes may quote the customer).
          event: waitEventOf(plan.packageId, plan.code),
        },
      };
    }
    case "HELD": {
      const origin = originOf(fo, settings);
      const summary = `Held until fixed: ${plan.reasons.map((reason) => reason.message).join(" ")}`;
      // The timeline outlives customer redaction: it names the fields, the reasons (which may quote
      // the address) stay on the shipment.
      const fields = [...new Set(plan.reasons.map((reason) => reason.field))].join(", ");
      const held = said("heldUntilFixed", plan.reasons.length, fields);
      return {
        plan,
        shipment: {
          kind: plan.shipmentKind,
          state: "HELD",
          packageId: plan.packageId,
          origin,
          serviceCode: null,
          request: null,
          lineItems,
          searchText,
          recipientSearchText,
          hold: { code: HELD_BY_CHECKS, reasons: plan.reasons },
          summary,
          event: {
            type: "held",
            message: held.message,
            data: { packageId: plan.packageId, fields: plan.reasons.map(({ field, limit }) => ({ field, limit })), say: held.say },
          },
        },
      };
    }
    case "OUTBOUND":
    case "DROPSHIP": {
      const origin = plan.kind === "OUTBOUND" ? plan.warehouseId : plan.location;
      const route = routeFor(fo.assignedLocationId, settings.connector);
      const [kind, code] = route ? routeWhere(route) : ["", origin];
      const review = settings.pushPolicy === "holdForReview";
      const checked = review
        ? timelineSaid("waitsForReviewAt", plan.packageId, kind, code)
        : timelineSaid("checkedGoesTo", plan.packageId, kind, code, plan.serviceCode);
      const summary = checked.message;
      const data = { packageId: plan.packageId, origin, serviceCode: plan.serviceCode, lines: lineItems.length, say: checked.say };
      return {
        plan,
        shipment: {
          kind: plan.kind,
          state: review ? "HELD" : "READY",
          packageId: plan.packageId,
          origin,
          serviceCode: plan.serviceCode,
          request: plan.kind === "OUTBOUND" ? { kind: "OUTBOUND", body: plan.request } : { kind: "DROPSHIP", body: plan.request },
          lineItems,
          searchText,
          recipientSearchText,
          ...(review ? { hold: { code: HELD_FOR_REVIEW, reasons: [REVIEW_REASON] } } : {}),
          summary,
          event: review ? { type: "held", message: summary, data } : { type: "validated", message: summary, data },
        },
      };
    }
  }
}
