import type { Shipment, ShipmentCheckpoint, ShipmentEvent } from "@prisma/client";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { insertRows, insertRowsReturning, newRowId, statementsFor, type InsertRow } from "~/stores/database/insert-rows.server";
import { recordNewShipments } from "~/stores/shipments/new-shipments.server";
import { markCheckpointsSent, recordCheckpointIntents } from "~/stores/shipments/checkpoints.server";
import { findShipmentDetail } from "~/stores/shipments/shipment-list.server";

const { db } = useTestDatabase();
const shop = "rows.myshopify.com";

let made = 0;
function shipmentRow(overrides: Partial<InsertRow["Shipment"]> = {}): InsertRow["Shipment"] {
  made += 1;
  const now = new Date(Date.UTC(2026, 11, 2, 3, 0, 0, made));
  return {
    id: newRowId(),
    createdAt: now,
    updatedAt: now,
    shop,
    kind: "OUTBOUND",
    state: "READY",
    fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${made}`,
    orderId: `gid://shopify/Order/${made}`,
    orderName: `#${1000 + made}`,
    packageId: `${1000 + made}-1`,
    warehouseCode: "US01",
    ...overrides,
  };
}

beforeEach(async () => {
  await db.shipment.deleteMany();
});

describe("insertRows", () => {
  it("gives back each row exactly as Prisma reads it, in the order given", async () => {
    const rows = [
      shipmentRow({
        state: "HELD",
        isFinalTracking: true,
        attempts: 3,
        submittedAt: new Date("2026-12-01T10:00:00.123Z"),
        holdReasons: "[]",
      }),
      shipmentRow({ lineItems: JSON.stringify([{ sku: "MUG-1", quantity: 2 }]), orderPlacedAt: null }),
      shipmentRow(),
    ];
    const written = await insertRowsReturning<"Shipment", Shipment>(db, "Shipment", rows);

    const read = await db.shipment.findMany({ where: { id: { in: rows.map((row) => row.id) } } });
    const readById = new Map(read.map((row) => [row.id, row]));
    expect(written).toEqual(rows.map((row) => readById.get(row.id)));
    expect(written.map((row) => row.orderName)).toEqual(rows.map((row) => row.orderName));
    // The database's own defaults stand where a row leaves a column out.
    expect(written[1]).toMatchObject({ isFinalTracking: false, attempts: 0, state: "READY", submittedAt: null });
    expect(written[0]).toMatchObject({
      isFinalTracking: true,
      attempts: 3,
      state: "HELD",
      submittedAt: new Date("2026-12-01T10:00:00.123Z"),
    });
  });

  it("writes events and checkpoints as Prisma reads them", async () => {
    const [shipment] = await insertRowsReturning<"Shipment", Shipment>(db, "Shipment", [shipmentRow()]);
    const at = new Date("2026-12-02T01:02:03.456Z");
    const checkpoints = await insertRowsReturning<"ShipmentCheckpoint", ShipmentCheckpoint>(db, "ShipmentCheckpoint", [
      { id: newRowId(), shipmentId: shipment!.id, key: "k1", status: "IN_TRANSIT", happenedAt: at, message: "Departed", createdAt: at },
      { id: newRowId(), shipmentId: shipment!.id, key: "k2", status: "DELIVERED", happenedAt: null, message: null, createdAt: at },
    ]);
    expect(checkpoints).toEqual(await db.shipmentCheckpoint.findMany({ where: { shipmentId: shipment!.id }, orderBy: { key: "asc" } }));
    expect(checkpoints[0]).toMatchObject({ sentAt: null, shopifyEventId: null, happenedAt: at });

    await insertRows(db, "ShipmentEvent", [
      { id: newRowId(), shipmentId: shipment!.id, type: "NOTE", message: "One", data: '{"a":1}', createdAt: at },
    ]);
    const events: ShipmentEvent[] = await db.shipmentEvent.findMany({ where: { shipmentId: shipment!.id } });
    expect(events).toEqual([expect.objectContaining({ type: "NOTE", message: "One", data: '{"a":1}', createdAt: at })]);
  });

  it("writes a batch too long for one statement whole, or not at all when one row is refused", async () => {
    const [shipment] = await insertRowsReturning<"Shipment", Shipment>(db, "Shipment", [shipmentRow()]);
    const at = new Date();
    const checkpoint = (key: string): InsertRow["ShipmentCheckpoint"] => ({
      id: newRowId(),
      shipmentId: shipment!.id,
      key,
      status: "IN_TRANSIT",
      happenedAt: at,
      message: "Scanned",
      createdAt: at,
    });
    const many = Array.from({ length: 5_000 }, (_, n) => checkpoint(`k${n}`));
    expect(statementsFor("ShipmentCheckpoint", many, false).length).toBeGreaterThan(1);

    // The last row repeats the first's key: the unique (shipmentId, key) refuses it, and the
    // statements before it are undone with it.
    await expect(insertRows(db, "ShipmentCheckpoint", [...many, checkpoint("k0")])).rejects.toThrow();
    expect(await db.shipmentCheckpoint.count()).toBe(0);

    await insertRows(db, "ShipmentCheckpoint", many);
    expect(await db.shipmentCheckpoint.count()).toBe(5_000);
  });

  it("refuses a column that is not one, or a value no column holds, naming it", () => {
    expect(() => statementsFor("ShipmentEvent", [{ id: "x", 'type" = 1; --': "x" }], false)).toThrow(/ShipmentEvent has no column named/);
    expect(() => statementsFor("ShipmentEvent", [{ id: "x", data: { nested: true } }], false)).toThrow(/ShipmentEvent\.data is neither/);
  });
});

describe("newRowId", () => {
  it("sorts ids in the order they were made, many in one millisecond", () => {
    const ids = Array.from({ length: 2_000 }, () => newRowId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives every id random bytes of its own, across the random pool's refills", () => {
    // 2,000 ids take 16,000 random bytes: the pool is filled again several times on the way.
    const randomParts = Array.from({ length: 2_000 }, () => newRowId().slice(-16));
    expect(randomParts.every((part) => /^[0-9a-f]{16}$/.test(part))).toBe(true);
    expect(new Set(randomParts).size).toBe(randomParts.length);
  });
});

describe("the stores that write through it", () => {
  it("keeps a parcel's checkpoints written together in their order on the shipment's timeline", async () => {
    const [recorded] = await recordNewShipments(db, [
      {
        shop,
        kind: "OUTBOUND",
        state: "READY",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/900",
        orderId: "gid://shopify/Order/900",
        orderName: "#1900",
        customerLocale: "en",
        packageId: "1900-1",
        origin: "US01",
        serviceCode: "STANDARD",
        request: null,
        lineItems: [],
        event: { type: "validated", message: "Planned" },
      },
    ]);
    const shipment = recorded!.shipment;
    const words = ["Picked up", "Departed sorting centre", "Arrived at hub", "Out for delivery", "Delivered"];
    const intents = await recordCheckpointIntents(
      db,
      words.map((message, n) => ({ shipmentId: shipment.id, key: `k${n}`, status: "IN_TRANSIT", happenedAt: null, message })),
    );
    await markCheckpointsSent(
      db,
      words.map((message, n) => ({
        shipmentId: shipment.id,
        checkpointId: intents.get(shipment.id)!.get(`k${n}`)!.id,
        shopifyEventId: `gid://shopify/FulfillmentEvent/${n}`,
        event: { type: "tracking_event", message },
      })),
    );

    const detail = await findShipmentDetail(db, shop, shipment.id);
    expect(detail?.timeline.map((event) => event.message)).toEqual(["Planned", ...words]);
  });
});
