import type { Shipment } from "@prisma/client";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import {
  IllegalShipmentTransition,
  recordShipmentEvent,
  ShipmentStateChanged,
  transition,
  transitionEach,
} from "~/stores/shipments/shipment.server";
import { canTransition, SHIPMENT_TRANSITIONS } from "~/stores/shipments/shipment-states";

const { db } = useTestDatabase();

let fulfillmentOrder = 0;
function readyShipment(): Promise<Shipment> {
  fulfillmentOrder += 1;
  return db.shipment.create({
    data: {
      shop: "a.myshopify.com",
      kind: "OUTBOUND",
      state: "READY",
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${fulfillmentOrder}`,
      orderId: "gid://shopify/Order/1",
      orderName: "#1001",
      packageId: `1001-${fulfillmentOrder}`,
      warehouseCode: "US01",
    },
  });
}

const eventsOf = (shipmentId: string) => db.shipmentEvent.findMany({ where: { shipmentId }, orderBy: { createdAt: "asc" } });

beforeEach(async () => {
  await db.shipment.deleteMany();
});

describe("transition", () => {
  it("moves the shipment with its changes, stamps the time it entered the state, and writes the event", async () => {
    const shipment = await readyShipment();
    const submitted = await transition(
      db,
      shipment,
      "SUBMITTED",
      { type: "sent", message: "Sent to the provider's US01 warehouse", data: { ticketId: "T-1" } },
      { attempts: { increment: 1 }, requestSent: JSON.stringify({ PackageId: shipment.packageId }) },
    );

    expect(submitted).toMatchObject({ state: "SUBMITTED", attempts: 1 });
    expect(submitted.submittedAt).toBeInstanceOf(Date);
    const [event, ...more] = await eventsOf(shipment.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: "sent", message: "Sent to the provider's US01 warehouse" });
    expect(JSON.parse(event?.data ?? "")).toEqual({ ticketId: "T-1", stateFrom: "READY", stateTo: "SUBMITTED" });
  });

  it("refuses a move the state machine does not allow, and writes nothing", async () => {
    const shipment = await readyShipment();
    await expect(transition(db, shipment, "DELIVERED", { type: "tracking_event", message: "Delivered" })).rejects.toThrow(
      new IllegalShipmentTransition("READY", "DELIVERED"),
    );
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("READY");
    expect(await eventsOf(shipment.id)).toEqual([]);
  });

  it("refuses to move a shipment that has left the state the caller read", async () => {
    const shipment = await readyShipment();
    await transition(db, shipment, "HELD", { type: "held", message: "The merchant put it on hold" });
    // A job that read the shipment while it was still READY:
    await expect(transition(db, shipment, "SUBMITTED", { type: "sent", message: "Sent" })).rejects.toBeInstanceOf(ShipmentStateChanged);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("HELD");
    expect((await eventsOf(shipment.id)).map((event) => event.type)).toEqual(["held"]);
  });

  it("writes neither the move nor the event when the caller's transaction fails", async () => {
    const shipment = await readyShipment();
    await expect(
      db.$transaction(async (tx) => {
        await transition(tx, shipment, "SUBMITTED", { type: "sent", message: "Sent" });
        throw new Error("the provider call failed afterwards");
      }),
    ).rejects.toThrow("the provider call failed afterwards");
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("READY");
    expect(await eventsOf(shipment.id)).toEqual([]);
  });

  it("walks the whole happy path, one event per step", async () => {
    let shipment = await readyShipment();
    shipment = await transition(db, shipment, "SUBMITTED", { type: "sent", message: "Sent" });
    shipment = await transition(
      db,
      shipment,
      "CREATED",
      { type: "provider_answer", message: "Tracking number 1Z999 assigned" },
      { trackingNumber: "1Z999", trackingCarrier: "UPS", isFinalTracking: true },
    );
    shipment = await transition(db, shipment, "FULFILLED", { type: "fulfilment_written", message: "Fulfilment written" });
    shipment = await transition(db, shipment, "DELIVERED", { type: "tracking_event", message: "Delivered" });
    expect(shipment).toMatchObject({ state: "DELIVERED", trackingNumber: "1Z999", isFinalTracking: true });
    expect([shipment.providerCreatedAt, shipment.fulfilledAt, shipment.deliveredAt].every((at) => at instanceof Date)).toBe(true);
    expect((await eventsOf(shipment.id)).map((event) => event.type)).toEqual([
      "sent",
      "provider_answer",
      "fulfilment_written",
      "tracking_event",
    ]);
  });

  it("refuses event data that carries a secret", async () => {
    const shipment = await readyShipment();
    await expect(
      transition(db, shipment, "SUBMITTED", {
        type: "sent",
        message: "Sent",
        data: { request: { headers: { Authorization: "Bearer x" } } },
      }),
    ).rejects.toThrow(/must not hold secrets.*Authorization/);
    await expect(
      recordShipmentEvent(db, shipment.id, { type: "status_polled", message: "Polled", data: { accessToken: "x" } }),
    ).rejects.toThrow(/accessToken/);
    expect(await eventsOf(shipment.id)).toEqual([]);
  });
});

describe("transitionEach (a batch's moves together)", () => {
  const sent = { type: "sent" as const, message: "Sent" };

  it("moves every shipment with its own changes and event, and returns them as moved, in the order given", async () => {
    const [a, b, c] = [await readyShipment(), await readyShipment(), await readyShipment()] as [Shipment, Shipment, Shipment];
    const alike = { attempts: { increment: 1 }, sendingJobId: null };
    const moved = await transitionEach(db, [
      { shipment: c, to: "SUBMITTED", event: { ...sent, data: { n: 3 } }, changes: alike },
      { shipment: a, to: "SUBMITTED", event: { ...sent, data: { n: 1 } }, changes: alike },
      {
        shipment: b,
        to: "HELD",
        event: { type: "held", message: "Refused: bad postcode" },
        changes: { lastErrorCode: "POSTCODE", attempts: { increment: 1 } },
      },
    ]);
    expect(moved.map((s) => [s.id, s.state, s.attempts])).toEqual([
      [c.id, "SUBMITTED", 1],
      [a.id, "SUBMITTED", 1],
      [b.id, "HELD", 1],
    ]);
    expect(moved[0]?.submittedAt).toBeInstanceOf(Date);
    expect(moved[2]).toMatchObject({ lastErrorCode: "POSTCODE", submittedAt: null });
    const [event] = await eventsOf(a.id);
    expect(JSON.parse(event?.data ?? "")).toEqual({ n: 1, stateFrom: "READY", stateTo: "SUBMITTED" });
    expect((await eventsOf(b.id)).map((e) => [e.type, e.message])).toEqual([["held", "Refused: bad postcode"]]);
  });

  it("moves none, and writes no event, when one shipment has left the state the caller read", async () => {
    const [a, b] = [await readyShipment(), await readyShipment()] as [Shipment, Shipment];
    await transition(db, b, "CANCELLED", { type: "cancelled", message: "The order was cancelled" });
    await expect(
      transitionEach(db, [
        { shipment: a, to: "SUBMITTED", event: sent },
        { shipment: b, to: "SUBMITTED", event: sent },
      ]),
    ).rejects.toBeInstanceOf(ShipmentStateChanged);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: a.id } })).state).toBe("READY");
    expect(await eventsOf(a.id)).toEqual([]);
    expect((await eventsOf(b.id)).map((e) => e.type)).toEqual(["cancelled"]);
  });

  it("gives each shipment its own tracking number and fulfilment, where the moves change the same columns", async () => {
    const ready = [await readyShipment(), await readyShipment(), await readyShipment()];
    const submitted = await transitionEach(
      db,
      ready.map((shipment) => ({ shipment, to: "SUBMITTED" as const, event: sent })),
    );
    const polledAt = new Date("2026-12-01T10:00:00Z");
    const created = await transitionEach(
      db,
      submitted.map((shipment, n) => ({
        shipment,
        to: "CREATED" as const,
        event: { type: "created" as const, message: "Created" },
        // The third has no carrier yet: null, beside the others' names.
        changes: {
          trackingNumber: `TRK-${n}`,
          trackingCarrier: n === 2 ? null : `Carrier ${n}`,
          isFinalTracking: true,
          lastPolledAt: polledAt,
        },
      })),
    );
    expect(created.map((s) => [s.id, s.state, s.trackingNumber, s.trackingCarrier, s.isFinalTracking, s.lastPolledAt])).toEqual([
      [ready[0]?.id, "CREATED", "TRK-0", "Carrier 0", true, polledAt],
      [ready[1]?.id, "CREATED", "TRK-1", "Carrier 1", true, polledAt],
      [ready[2]?.id, "CREATED", "TRK-2", null, true, polledAt],
    ]);
    // Moves that differ in a time as well are written too, each with its own.
    const fulfilled = await transitionEach(
      db,
      created.map((shipment, n) => ({
        shipment,
        to: "FULFILLED" as const,
        event: { type: "fulfilment_written" as const, message: "Fulfilled" },
        changes: { shopifyFulfillmentId: `gid://shopify/Fulfillment/${n}`, fulfilmentIntentAt: new Date(polledAt.getTime() + n * 1000) },
      })),
    );
    const stored = await db.shipment.findMany({ where: { id: { in: ready.map((s) => s.id) } }, orderBy: { packageId: "asc" } });
    expect(stored.map((s) => [s.state, s.shopifyFulfillmentId, s.fulfilmentIntentAt?.getTime()])).toEqual(
      fulfilled.map((_, n) => ["FULFILLED", `gid://shopify/Fulfillment/${n}`, polledAt.getTime() + n * 1000]),
    );
  });

  it("writes no shipment's own values when another of the batch has left the state the caller read", async () => {
    const [a, b] = await transitionEach(
      db,
      [await readyShipment(), await readyShipment()].map((shipment) => ({ shipment, to: "SUBMITTED" as const, event: sent })),
    );
    await transition(db, b as Shipment, "CANCELLED", { type: "cancelled", message: "The order was cancelled" });
    const created = { type: "created" as const, message: "Created" };
    await expect(
      transitionEach(db, [
        { shipment: a as Shipment, to: "CREATED", event: created, changes: { trackingNumber: "TRK-A" } },
        { shipment: b as Shipment, to: "CREATED", event: created, changes: { trackingNumber: "TRK-B" } },
      ]),
    ).rejects.toBeInstanceOf(ShipmentStateChanged);
    const stored = await db.shipment.findMany({ where: { id: { in: [a?.id ?? "", b?.id ?? ""] } }, orderBy: { packageId: "asc" } });
    expect(stored.map((s) => [s.state, s.trackingNumber])).toEqual([
      ["SUBMITTED", null],
      ["CANCELLED", null],
    ]);
  });

  it("refuses the whole batch when one move is not allowed", async () => {
    const [a, b] = [await readyShipment(), await readyShipment()] as [Shipment, Shipment];
    await expect(
      transitionEach(db, [
        { shipment: a, to: "SUBMITTED", event: sent },
        { shipment: b, to: "DELIVERED", event: { type: "tracking_event", message: "Delivered" } },
      ]),
    ).rejects.toThrow(new IllegalShipmentTransition("READY", "DELIVERED"));
    expect(await db.shipmentEvent.count({ where: { shipmentId: { in: [a.id, b.id] } } })).toBe(0);
  });
});

describe("the shipment state machine", () => {
  it("ends at DELIVERED and CANCELLED, and never leaves them", () => {
    expect(SHIPMENT_TRANSITIONS.DELIVERED).toEqual([]);
    expect(SHIPMENT_TRANSITIONS.CANCELLED).toEqual([]);
  });

  it("lets a failed or held shipment be fixed and retried, but nothing skip the provider", () => {
    expect(canTransition("FAILED", "READY")).toBe(true);
    expect(canTransition("HELD", "READY")).toBe(true);
    expect(canTransition("READY", "CREATED")).toBe(false);
    expect(canTransition("HELD", "SUBMITTED")).toBe(false);
    expect(canTransition("FULFILLED", "CANCELLED")).toBe(false);
  });
});
