/**
 * Home's shipping costs per month come from ShippingCostMonth, kept as costs are written (decision
 * 0050). What it shows must be what adding up every shipment's costs in the app shows
 * (costsPerMonth, Home's computation before): the same months, the same totals per currency, the
 * same shipment counts, after costs are written by a poll, rewritten by a refresh, moved to
 * another month, and after the migration added up the costs written before it.
 */
import type { ShipmentState } from "@prisma/client";
import { beforeEach, describe, expect, it } from "vitest";
import { costsPerMonth, encodeShippingCosts } from "~/connector/shipping-costs";
import { formatterFor } from "~/lib/format";
import { homeOf } from "~/routes/app._index/home.server";
import { ShipmentStateChanged, transition, transitionEach } from "~/stores/shipments/shipment.server";
import { shippingCostMonths, updateShipmentCosts } from "~/stores/shipments/shipping-cost-months.server";
import { migrationSql, runSqlScript, useTestDatabase } from "../support/database";

const { db, url } = useTestDatabase();

const SHOP = "costs.myshopify.com";
const OTHER_SHOP = "other-costs.myshopify.com";
const EVERY_MONTH = "0000-00";

let sequence = 0;

beforeEach(async () => {
  await db.shipment.deleteMany();
  await db.shippingCostMonth.deleteMany();
});

async function shipment(
  shop = SHOP,
  state: ShipmentState = "SUBMITTED",
  costs: { shippingCosts?: string | null; shippingCostsAt?: Date } = {},
) {
  sequence += 1;
  return db.shipment.create({
    data: {
      shop,
      kind: "DROPSHIP",
      state,
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${sequence}`,
      orderId: `gid://shopify/Order/${sequence}`,
      orderName: `#${1000 + sequence}`,
      packageId: `COSTS-${sequence}`,
      submittedAt: new Date("2026-05-01T00:00:00Z"),
      ...costs,
    },
  });
}

/** The stored text of cost lines, as a poll or a refresh writes it. */
const lines = (...costs: [number, string][]) =>
  encodeShippingCosts(costs.map(([money, currency]) => ({ money, currency, type: "Freight", remark: null }))) ?? "";

const at = (iso: string) => new Date(iso);

/** What Home's computation before showed: every shipment of the shop read and added up in the app. */
async function addedUpInTheApp(shop: string) {
  return costsPerMonth(await db.shipment.findMany({ where: { shop }, select: { shippingCosts: true, shippingCostsAt: true } }));
}

async function expectMonthsAsAddedUp(shop: string) {
  expect(await shippingCostMonths(db, shop, EVERY_MONTH)).toEqual(await addedUpInTheApp(shop));
}

/** A poll finding packages created, with the costs their status records report (status-poll.server.ts). */
function created(shipments: { id: string }[], costs: { shippingCosts: string; shippingCostsAt: Date }[]) {
  return transitionEach(
    db,
    shipments.map((moving, index) => ({
      shipment: { id: moving.id, state: "SUBMITTED" as const },
      to: "CREATED" as const,
      event: { type: "created" as const, message: "Created by the provider." },
      changes: { trackingNumber: `TRK${moving.id}`, lastNewsAt: new Date(), ...costs[index] },
    })),
  );
}

describe("Home's shipping costs per month", () => {
  it("equal the costs added up shipment by shipment, as polls write them and refreshes rewrite them", async () => {
    const [first, second, third, fourth, old, last] = [
      await shipment(),
      await shipment(),
      await shipment(),
      await shipment(),
      await shipment(),
      await shipment(),
    ] as const;
    const otherShops = await shipment(OTHER_SHOP);

    await created(
      [first, second, third, fourth, old],
      [
        { shippingCosts: lines([6.85, "USD"]), shippingCostsAt: at("2026-11-02T08:00:00Z") },
        // Two lines in one currency and one in another; 1.005 and 0.125 dollars round as the app rounds them (100 and 13 cents).
        { shippingCosts: lines([1.005, "USD"], [0.125, "USD"], [4.9, "EUR"]), shippingCostsAt: at("2026-11-30T23:59:59.999Z") },
        // Lines that add up to nothing still show their currency.
        { shippingCosts: lines([5, "EUR"], [-5, "EUR"]), shippingCostsAt: at("2026-10-31T23:59:59.999Z") },
        // -0.125 dollars rounds half up, to -12 cents.
        { shippingCosts: lines([2.675, "GBP"], [-0.125, "USD"]), shippingCostsAt: at("2026-10-01T00:00:00Z") },
        { shippingCosts: lines([3, "USD"]), shippingCostsAt: at("2026-05-15T12:00:00Z") },
      ],
    );
    await created([otherShops], [{ shippingCosts: lines([100, "USD"]), shippingCostsAt: at("2026-11-02T08:00:00Z") }]);

    expect(await shippingCostMonths(db, SHOP, "2026-06")).toEqual([
      {
        month: "2026-11",
        shipments: 2,
        totals: [
          { currency: "EUR", amount: 4.9 },
          { currency: "USD", amount: 7.98 },
        ],
      },
      {
        month: "2026-10",
        shipments: 2,
        totals: [
          { currency: "EUR", amount: 0 },
          { currency: "GBP", amount: 2.68 },
          { currency: "USD", amount: -0.12 },
        ],
      },
    ]);
    await expectMonthsAsAddedUp(SHOP);
    await expectMonthsAsAddedUp(OTHER_SHOP);

    // A package created alone (transition), then refreshes: costs reported again replace the earlier ones.
    await transition(
      db,
      last,
      "CREATED",
      { type: "created", message: "Created by the provider." },
      { shippingCosts: lines([7, "USD"]), shippingCostsAt: at("2026-11-03T00:00:00Z") },
    );
    await updateShipmentCosts(db, first.id, { shippingCosts: lines([7.15, "USD"]), shippingCostsAt: at("2026-11-05T00:00:00Z") });
    // Out of October into November, in another currency: October keeps only the fourth shipment.
    await updateShipmentCosts(db, third.id, { shippingCosts: lines([2, "CAD"]), shippingCostsAt: at("2026-11-10T00:00:00Z") });
    // The same costs reported again at the same time, and a refresh that reports none.
    const fourthRow = await db.shipment.findUniqueOrThrow({ where: { id: fourth.id } });
    await updateShipmentCosts(db, fourth.id, { shippingCosts: fourthRow.shippingCosts, shippingCostsAt: fourthRow.shippingCostsAt });
    await updateShipmentCosts(db, second.id, { lastPolledAt: new Date() });
    // From May into June, within Home's six months.
    await updateShipmentCosts(db, old.id, { shippingCosts: lines([1, "JPY"]), shippingCostsAt: at("2026-06-01T00:00:00Z") });

    await expectMonthsAsAddedUp(SHOP);
    await expectMonthsAsAddedUp(OTHER_SHOP);
    expect((await shippingCostMonths(db, SHOP, EVERY_MONTH)).map((month) => [month.month, month.shipments])).toEqual([
      ["2026-11", 4],
      ["2026-10", 1],
      ["2026-06", 1],
    ]);
    expect(await db.shippingCostMonth.count({ where: { shop: SHOP, month: { in: ["2026-05"] } } })).toBe(0);

    // Home shows the last six months (June to November on November 30th), its amounts in the admin's money format.
    const now = at("2026-11-30T12:00:00Z");
    const format = formatterFor();
    const home = await homeOf(db, SHOP, now, format);
    const sinceJune = costsPerMonth(
      (await db.shipment.findMany({ where: { shop: SHOP }, select: { shippingCosts: true, shippingCostsAt: true } })).filter(
        (row) => row.shippingCostsAt !== null && row.shippingCostsAt >= at("2026-06-01T00:00:00Z"),
      ),
    );
    expect(home.shippingCosts).toEqual(
      sinceJune.map((month) => ({
        month: month.month,
        shipments: month.shipments,
        total: month.totals.map(({ amount, currency }) => format.money(amount, currency)).join(" + "),
      })),
    );
    expect(home.shippingCosts.map((month) => month.month)).toEqual(["2026-11", "2026-10", "2026-06"]);
  });

  it("stay as they were when the write of the costs is refused", async () => {
    const moving = await shipment();
    const movedAlready = await shipment(SHOP, "CREATED");
    await created([await shipment()], [{ shippingCosts: lines([4, "USD"]), shippingCostsAt: at("2026-11-02T00:00:00Z") }]);
    const before = await shippingCostMonths(db, SHOP, EVERY_MONTH);

    // The second shipment is no longer SUBMITTED: the whole poll's move is refused, costs and months alike.
    await expect(
      created(
        [moving, movedAlready],
        [
          { shippingCosts: lines([9, "USD"]), shippingCostsAt: at("2026-11-02T00:00:00Z") },
          { shippingCosts: lines([9, "EUR"]), shippingCostsAt: at("2026-11-02T00:00:00Z") },
        ],
      ),
    ).rejects.toBeInstanceOf(ShipmentStateChanged);

    expect(await shippingCostMonths(db, SHOP, EVERY_MONTH)).toEqual(before);
    await expectMonthsAsAddedUp(SHOP);
  });
});

const migration = migrationSql({ sqlite: "0035_shipping_cost_months", postgresql: "0024_shipping_cost_months" });
/** The migration's backfill: everything from its comment on, after the table is made. */
const backfill = migration.slice(migration.indexOf("-- Home's monthly totals"));

/** Runs the backfill again on the test database, as an upgrade would over the costs written before it. */
async function backfillAgain(): Promise<void> {
  await db.shippingCostMonth.deleteMany();
  await runSqlScript(url, backfill);
}

describe("the upgrade to kept monthly costs", () => {
  it("adds up the costs written before it as Home added them up", async () => {
    expect(backfill).toContain('INSERT INTO "ShippingCostMonth"');
    const written: [string, string | null, string | null][] = [
      [SHOP, lines([6.85, "USD"]), "2026-11-02T08:00:00Z"],
      [SHOP, lines([1.005, "USD"], [0.125, "USD"], [4.9, "EUR"]), "2026-11-30T23:59:59.999Z"],
      [SHOP, lines([5, "EUR"], [-5, "EUR"]), "2026-10-31T23:59:59.999Z"],
      [SHOP, lines([2.675, "GBP"], [-0.125, "USD"], [-1.5, "GBP"]), "2026-10-01T00:00:00Z"],
      [SHOP, lines([12, "USD"]), "2025-12-31T23:59:59.999Z"],
      [SHOP, '[{"money":3,"currency":"USD","type":null,"remark":"Postage","extra":1}]', "2026-09-09T09:09:09Z"],
      // What the app reads as no costs at all: none is added, and the shipment is not counted.
      [SHOP, "not json", "2026-11-03T00:00:00Z"],
      [SHOP, "[]", "2026-11-03T00:00:00Z"],
      [SHOP, '{"money":1,"currency":"USD","type":null,"remark":null}', "2026-11-03T00:00:00Z"],
      [SHOP, '["USD"]', "2026-11-03T00:00:00Z"],
      [SHOP, '[{"money":1,"currency":"USD"}]', "2026-11-03T00:00:00Z"],
      [SHOP, '[{"money":"1","currency":"USD","type":null,"remark":null}]', "2026-11-03T00:00:00Z"],
      [
        SHOP,
        '[{"money":1,"currency":"USD","type":null,"remark":null},{"money":2,"currency":null,"type":null,"remark":null}]',
        "2026-11-03T00:00:00Z",
      ],
      [SHOP, lines([8, "USD"]), null],
      [SHOP, null, "2026-11-03T00:00:00Z"],
      [OTHER_SHOP, lines([100, "USD"], [1, "EUR"]), "2026-11-02T08:00:00Z"],
    ];
    for (const [shop, shippingCosts, reportedAt] of written) {
      await shipment(shop, "DELIVERED", { shippingCosts, ...(reportedAt ? { shippingCostsAt: at(reportedAt) } : {}) });
    }

    await backfillAgain();

    await expectMonthsAsAddedUp(SHOP);
    await expectMonthsAsAddedUp(OTHER_SHOP);
    expect((await shippingCostMonths(db, SHOP, EVERY_MONTH)).map((month) => [month.month, month.shipments])).toEqual([
      ["2026-11", 2],
      ["2026-10", 2],
      ["2026-09", 1],
      ["2025-12", 1],
    ]);
  });
});
