/**
 * The demo's core, shared by `npm run demo` (dev/demo.ts) and test/demo: the stack as
 * `npm run stack` runs it (dev/demo/stack.ts: the built app and its job worker as processes on
 * the fast pipeline policy, the sandbox with a fast clock, the Shopify emulator delivering signed
 * webhooks and callbacks to the app's routes), the demo shop configured for both paths, then a
 * replay of orders and a wait until every order has reached its end: fulfilled with tracking and
 * Delivered in Shopify, or HELD / FAILED with a reason, or CANCELLED.
 */
import path from "node:path";
import type { Shipment } from "@prisma/client";
import { emulatorState, numericId } from "../../test/support/shopify-admin";
import { DEMO_SHOP, MERCHANT_LOCATION } from "../../test/emulator/seed";
import { available, take } from "../../sandbox/orders/stock";
import { DEMO_HANDLING_LOCATION, demoShopSettingsForm, setUpShopThroughTheApp } from "../stack/merchant-setup";
import { PROJECT_ROOT } from "../stack/build";
import type { DatabaseKind } from "../stack/database";
import { demoOrders, EU_ONLY_SKUS, payloadOverrides, STUDIO_ONLY_SKUS, UNREGISTERED_SKU, type DemoOrder, type Expected } from "./orders";
import { startDemoStack, type DemoStack, type PlacedOrder } from "./stack";
import { placeAndHold, playChanges, type ChangedOrder } from "./changes";
import { HANDED_BACK } from "~/stores/shipments/shipment-states";

/** The provider's handling location for the studio's drop-ship parcels. */
export const HANDLING_LOCATION = DEMO_HANDLING_LOCATION;

export interface DemoOptions {
  orders: number;
  timeoutMs: number;
  /** Progress lines. */
  log: (line: string) => void;
  /** Sandbox pace (its fast clock): creation delay and time between tracking checkpoints. */
  createDelayMs?: number;
  trackingStepMs?: number;
  /** Where the demo's SQLite database lives (default .data/demo; emptied at start). */
  dataDir?: string;
  /** The database the app runs on (default sqlite; postgres: a server of the demo's own). */
  db?: DatabaseKind;
}

export interface OrderOutcome {
  order: DemoOrder;
  name: string;
  /** What it ended as, or LOST/UNFINISHED. */
  outcome: Expected | "LOST" | "UNFINISHED" | "MIXED";
  reasons: string[];
}

export interface DemoResult {
  ok: boolean;
  /** The database the app ran on. */
  database: DatabaseKind;
  /** Why not, one line each. */
  problems: string[];
  /** Shipments per state. */
  counts: Record<string, number>;
  /** HELD and FAILED shipments with their reasons. */
  notShipped: { order: string; label: string; state: string; reason: string }[];
  /**
   * Packages the provider could not create, handed back to Shopify (the demo shop's Settings > Orders and
   * after sending says so): the order, and its fulfillment order's status in Shopify afterwards.
   */
  handedBack: { order: string; label: string; fulfillmentOrderStatus: string }[];
  outcomes: OrderOutcome[];
  fulfilmentsWithTracking: number;
  deliveredEvents: number;
  seconds: number;
  /** The app's and the worker's last output lines (worth reading when not ok). */
  appOutput: string;
  /** The app's paths the emulator delivered webhooks and callbacks to (answered 2xx). */
  deliveredTo: string[];
  /** What the merchant's setup through the app said (SKUs it could not register, and why). */
  setupNotes: string[];
}

/** The stack's demo settings, and packages the provider cannot create handed back to Shopify. */
const demoSettingsForm = (studio: string): Record<string, string> => ({
  ...demoShopSettingsForm(studio),
  "afterSending.failedPackages": "handBack",
});

const ORDERS_PER_WAVE = 60;
/** What the studio stocks in the demo shop (test/emulator/seed.ts). */
const STUDIO_SKUS = new Set(["CANDLE-SOY-200-LAV", "TEA-GREEN-100G", "SCARF-SILK-90-NVY"]);
const FINAL = new Set(["DELIVERED", "HELD", "FAILED", "CANCELLED"]);

/**
 * A shipment that will move no more without the merchant. A pre-order held until its date is not
 * one: it goes on when Shopify opens it, and a demo whose other orders all end before that date
 * (a quick machine, or a slow one that placed it late) must wait for it rather than call it held.
 */
const atAnEnd = (shipment: Pick<Shipment, "state" | "lastErrorCode">) =>
  FINAL.has(shipment.state) && !(shipment.state === "HELD" && shipment.lastErrorCode === "SCHEDULED");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The demo shop as a merchant sets it up, through the app (dev/stack/merchant-setup.ts):
 * settings saved on the Settings page, the warehouses' locations created by the app, SKUs
 * registered and stock synced from the Products and Stock pages. Before that, the provider's world
 * is arranged for the demo's story (the sandbox's stock, not Shopify's): the EU range is stocked
 * only at DE01 and the silk scarf only at the merchant's studio, which is what routes orders to
 * DE01 and splits an order between the studio and a warehouse (the studio's own stock is the seed's).
 * And the merchant's catalogue has a
 * new product Shopify has no weight for, which the registration refuses, saying so.
 */
export async function configureDemoShop(
  stack: DemoStack,
  log: (line: string) => void = () => {},
): Promise<{ us01: string; de01: string; studio: string; notes: string[] }> {
  const state = stack.sandbox.state();
  const takeAll = (warehouse: "US01" | "DE01", sku: string) => take(state, warehouse, sku, available(state, warehouse, sku));
  for (const sku of EU_ONLY_SKUS) takeAll("US01", sku);
  for (const sku of STUDIO_ONLY_SKUS) for (const warehouse of ["US01", "DE01"] as const) takeAll(warehouse, sku);
  stack.shopify.addProducts(DEMO_SHOP, [
    {
      title: "Ceramic mug 350 ml, red",
      vendor: "Northfield Home",
      productType: "Mug",
      variants: [
        { sku: UNREGISTERED_SKU, title: "Default Title", price: "14.00", harmonizedSystemCode: "691200", countryCodeOfOrigin: "PT" },
      ],
    },
  ]);
  const { locations, studio } = await setUpShopThroughTheApp(
    { appUrl: stack.appUrl, shop: DEMO_SHOP, apiKey: stack.apiKey, apiSecret: stack.apiSecret },
    { settingsForm: demoSettingsForm, studioName: MERCHANT_LOCATION, log },
  );
  const refused = await stack.db.syncRunItem.findMany({ where: { status: "FAILED", run: { shop: DEMO_SHOP, kind: "SKU_REGISTER" } } });
  const notes = refused.map((item) => `${item.key} was not registered: ${item.message ?? ""}`);
  return { us01: locations.US01 ?? "", de01: locations.DE01 ?? "", studio, notes };
}

interface Placed {
  order: DemoOrder;
  placed: PlacedOrder;
}

function countStates(shipments: readonly Shipment[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const shipment of shipments) counts[shipment.state] = (counts[shipment.state] ?? 0) + 1;
  return counts;
}

export const formatCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([state, n]) => `${state} ${n}`)
    .join(", ") || "none yet";

/** Where every order stands: from the database (shipments) and Shopify (fulfilments, events). */
async function assess(stack: DemoStack, studio: string, placedOrders: readonly Placed[]) {
  const shipments = await stack.db.shipment.findMany({ where: { shop: DEMO_SHOP } });
  const state = await emulatorState(stack.shopify);
  const byFo = new Map<string, Shipment[]>();
  for (const shipment of shipments) byFo.set(shipment.fulfillmentOrderId, [...(byFo.get(shipment.fulfillmentOrderId) ?? []), shipment]);
  const deliveredFulfilments = new Set(
    state.fulfillmentEvents.filter((event) => event.status === "DELIVERED").map((event) => event.fulfillmentId),
  );
  const foState = new Map(state.fulfillmentOrders.map((fo) => [fo.id, fo]));

  let fulfilmentsWithTracking = 0;
  const outcomes: OrderOutcome[] = placedOrders.map(({ order, placed }) => {
    const ends: (Expected | "LOST" | "UNFINISHED")[] = [];
    const reasons: string[] = [];
    for (const fo of placed.fulfillmentOrders) {
      const mine = byFo.get(fo.id) ?? [];
      const current = mine.at(-1);
      if (current === undefined) {
        // Nothing to ship is not a loss: a fulfillment order Shopify closed, or the gift card's own
        // (unstocked, so routed to the studio; the pipeline leaves gift cards out and plans nothing).
        const shopifyFo = foState.get(numericId(fo.id));
        const closed = shopifyFo !== undefined && (shopifyFo.status === "CLOSED" || shopifyFo.status === "CANCELLED");
        const giftCardOnly =
          order.lines.some((line) => line.giftCard) &&
          fo.assignedLocationId === studio &&
          !order.lines.some((line) => line.sku && STUDIO_SKUS.has(line.sku));
        if (closed || giftCardOnly) reasons.push(closed ? "a fulfillment order Shopify closed" : "gift card: nothing to ship");
        else ends.push("UNFINISHED");
        continue;
      }
      if (current.state === "DELIVERED") {
        const fulfilments = state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fo.id)));
        const tracked = fulfilments.find((f) => f.trackingInfo.some((t) => t.number !== null && t.number === current.trackingNumber));
        if (tracked && deliveredFulfilments.has(tracked.id)) {
          fulfilmentsWithTracking++;
          ends.push("FULFILLED");
        } else ends.push("UNFINISHED");
      } else if (!atAnEnd(current)) ends.push("UNFINISHED");
      else if (current.state === "HELD" || current.state === "FAILED") {
        ends.push(current.state);
        reasons.push(current.lastErrorText ?? "(no reason recorded)");
      } else if (current.state === "CANCELLED") ends.push("CANCELLED");
      else ends.push("UNFINISHED");
    }
    const distinct = [...new Set(ends)];
    const outcome: OrderOutcome["outcome"] =
      distinct.includes("UNFINISHED") || distinct.length === 0
        ? "UNFINISHED"
        : distinct.length === 1
          ? (distinct[0] ?? "UNFINISHED")
          : "MIXED";
    return { order, name: placed.order.name, outcome, reasons };
  });
  return { shipments, state, outcomes, fulfilmentsWithTracking, deliveredEvents: deliveredFulfilments.size };
}

export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const started = Date.now();
  const { log } = options;
  const stack = await startDemoStack({
    createDelayMs: options.createDelayMs ?? 200,
    trackingStepMs: options.trackingStepMs ?? 200,
    dataDir: options.dataDir ?? path.join(PROJECT_ROOT, ".data", "demo"),
    ...(options.db === undefined ? {} : { db: options.db }),
    log,
  });
  try {
    const { us01, de01, studio, notes } = await configureDemoShop(stack, log);
    log(
      `[demo] stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: app ${stack.appUrl} (its server and a worker process) on ${stack.databaseKind === "postgres" ? "PostgreSQL" : "SQLite"}, sandbox ${stack.sandbox.url}, Shopify emulator ${stack.shopify.url} (${DEMO_SHOP})`,
    );
    log(`[demo] locations: US01 ${us01}, DE01 ${de01}, studio (drop-ship via ${HANDLING_LOCATION}) ${studio}`);

    const orders = demoOrders(options.orders);
    const placedOrders: Placed[] = [];

    // Cancelled before push, and held in Shopify before push: placed unpaid, so that their
    // packages wait for the payment (nothing leaves before the merchant acts, whatever the shop's
    // push policy and whenever the worker reads it), then cancelled or held.
    const toCancel = orders.filter((order) => order.cancelBeforePush);
    for (const order of toCancel) {
      const placed = await stack.placeOrder(order.lines, { ...payloadOverrides(order), financial_status: "pending" });
      placedOrders.push({ order, placed });
      await stack.waitForShipment(placed.orderId, "HELD", 15_000);
      await stack.cancelOrder(placed);
      await stack.waitForShipment(placed.orderId, "CANCELLED", 15_000);
      log(`[demo] ${placed.order.name} waited for its payment, then was cancelled in Shopify before it was pushed`);
    }
    const held = await placeAndHold(stack, studio, log);
    // Orders that change in Shopify before they are sent: released, edited, split, paid, scheduled.
    const changed: ChangedOrder[] = await playChanges(stack, studio, held, log);
    placedOrders.push(...changed);

    // Orders arrive in waves of ORDERS_PER_WAVE, the next once the last one's fulfillment orders
    // have all been planned into shipments. Since requests are read and accepted in rounds and
    // routing reads only where a fulfillment order is, the demo's 60 orders go in one wave even on
    // a standard plan's budget (1,000 points refilling 100/s): 79 s, where waves of 8 took 95 s.
    const rest = orders.filter((order) => !order.cancelBeforePush);
    const deadline = started + options.timeoutMs;
    for (let first = 0; first < rest.length; first += ORDERS_PER_WAVE) {
      const wave: Placed[] = [];
      for (const order of rest.slice(first, first + ORDERS_PER_WAVE)) {
        const placed = await stack.placeOrder(order.lines, payloadOverrides(order));
        wave.push({ order, placed });
        placedOrders.push({ order, placed });
      }
      log(`[demo] placed ${placedOrders.length}/${orders.length} orders`);
      const foIds = wave.flatMap((p) => p.placed.fulfillmentOrders.map((fo) => fo.id));
      while (Date.now() < deadline) {
        const planned = await stack.db.shipment.count({ where: { shop: DEMO_SHOP, fulfillmentOrderId: { in: foIds } } });
        if (planned >= foIds.length - wave.filter((p) => p.order.lines.some((l) => l.giftCard)).length) break;
        await sleep(100);
      }
    }

    let lastLog = 0;
    for (;;) {
      const view = await assess(stack, studio, placedOrders);
      const unfinished = view.outcomes.filter((o) => o.outcome === "UNFINISHED");
      const settled = unfinished.length === 0 && view.shipments.every(atAnEnd);
      if (Date.now() - lastLog > 2_000 || settled) {
        lastLog = Date.now();
        log(
          `[demo] ${((Date.now() - started) / 1000).toFixed(1)} s: shipments ${formatCounts(countStates(view.shipments))}; orders finished ${placedOrders.length - unfinished.length}/${placedOrders.length}`,
        );
      }
      if (settled || Date.now() > deadline) {
        const problems: string[] = [];
        if (!settled) {
          problems.push(
            `timed out after ${Math.round(options.timeoutMs / 1000)} s with ${unfinished.length} order(s) unfinished: ${unfinished.map((o) => `${o.name} (${o.order.label})`).join(", ")}`,
          );
          const stuck = view.shipments.filter((s) => !atAnEnd(s));
          if (stuck.length > 0) problems.push(`shipments not at an end: ${formatCounts(countStates(stuck))}`);
        }
        for (const outcome of view.outcomes) {
          if (outcome.outcome === "UNFINISHED") continue;
          if (outcome.outcome !== outcome.order.expected) {
            problems.push(
              `${outcome.name} (${outcome.order.label}) ended ${outcome.outcome}, expected ${outcome.order.expected}${outcome.reasons.length ? `: ${outcome.reasons.join("; ")}` : ""}`,
            );
          }
        }
        const nameOf = new Map(placedOrders.map((p) => [p.placed.orderId, p]));
        const notShipped = view.shipments
          .filter((s) => s.state === "HELD" || s.state === "FAILED")
          .map((s) => ({
            order: s.orderName ?? s.orderId,
            label: nameOf.get(s.orderId)?.order.label ?? "",
            state: s.state,
            reason: s.lastErrorText ?? "(no reason recorded)",
          }));
        for (const held of notShipped)
          if (held.reason === "(no reason recorded)") problems.push(`${held.order} is ${held.state} without a reason`);
        const foStatus = new Map(view.state.fulfillmentOrders.map((fo) => [fo.id, fo.status]));
        const handedBack = view.shipments
          .filter((s) => s.state === "FAILED" && s.lastErrorCode === HANDED_BACK)
          .map((s) => ({
            order: s.orderName ?? s.orderId,
            label: nameOf.get(s.orderId)?.order.label ?? "",
            fulfillmentOrderStatus: foStatus.get(numericId(s.fulfillmentOrderId)) ?? "unknown",
          }));
        const deliveries = stack.shopify.deliveries();
        for (const refused of deliveries.filter((d) => d.state === "failed")) {
          problems.push(
            `the app never accepted ${refused.topic ?? "a fulfillment-service callback"} (${refused.url}): ${JSON.stringify(refused.attempts.at(-1))}`,
          );
        }
        return {
          ok: problems.length === 0,
          database: stack.databaseKind,
          problems,
          counts: countStates(view.shipments),
          notShipped,
          handedBack,
          outcomes: view.outcomes,
          fulfilmentsWithTracking: view.fulfilmentsWithTracking,
          deliveredEvents: view.deliveredEvents,
          seconds: (Date.now() - started) / 1000,
          appOutput: stack.recentOutput(),
          deliveredTo: [...new Set(deliveries.filter((d) => d.state === "delivered").map((d) => new URL(d.url).pathname))],
          setupNotes: notes,
        };
      }
      await sleep(250);
    }
  } finally {
    await stack.close();
  }
}
