import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { enqueue } from "~/flows/queue/jobs.server";
import { outboundPackageToNewYork } from "../fixtures/provider";
import { cancelUnsentShipment } from "~/stores/shipments/unsent-changes.server";
import { findShipmentDetail } from "~/stores/shipments/shipment-list.server";
import { CATALOGUES } from "~/lib/words";
import { timelineSaid } from "~/lib/words/timeline-said";
import {
  claimReadyShipments,
  claimShipmentForSending,
  countReady,
  creationMayBeUnderWay,
  readyPushTargets,
  recordSendInDoubt,
  releaseSendingClaims,
} from "~/stores/shipments/sending-claims.server";
import { markCheckpointsSent, recordCheckpointIntents, recordedCheckpoints } from "~/stores/shipments/checkpoints.server";
import { recordNewShipment, recordNewShipments, type NewShipment } from "~/stores/shipments/new-shipments.server";
import { shipmentLines } from "~/stores/shipments/shipment-columns";

const { db } = useTestDatabase();
const SHOP = "a.myshopify.com";
const target = { shop: SHOP, kind: "OUTBOUND" as const, origin: "US01" };

function newShipment(n: number, overrides: Partial<NewShipment> = {}): NewShipment {
  return {
    shop: SHOP,
    kind: "OUTBOUND",
    state: "READY",
    fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${n}`,
    orderId: `gid://shopify/Order/${n}`,
    orderName: `#${n}`,
    customerLocale: "en",
    packageId: `${n}_${n}`,
    origin: "US01",
    serviceCode: "US01-STD",
    request: { kind: "OUTBOUND", body: { ...outboundPackageToNewYork, PackageId: `${n}_${n}` } },
    lineItems: [{ id: `gid://shopify/FulfillmentOrderLineItem/${n}`, quantity: 2 }],
    event: { type: "validated", message: "Checked." },
    ...overrides,
  };
}

/** A push job row, as the queue would hold it (claims point at jobs). */
async function pushJob(key: string): Promise<string> {
  return (await enqueue(db, { kind: "noop", payload: {}, dedupeKey: key })).jobId;
}

beforeEach(async () => {
  await db.shipment.deleteMany();
  await db.job.deleteMany();
});

describe("recording a shipment", () => {
  it("records one per fulfillment order, with its first event, however often it is planned", async () => {
    const first = await recordNewShipment(db, newShipment(1));
    const again = await recordNewShipment(db, newShipment(1, { packageId: "other" }));
    expect(first.created).toBe(true);
    expect(again).toEqual({ shipment: first.shipment, created: false });
    expect(await db.shipment.count()).toBe(1);
    expect(shipmentLines(first.shipment)).toEqual([{ id: "gid://shopify/FulfillmentOrderLineItem/1", quantity: 2 }]);
    const events = await db.shipmentEvent.findMany({ where: { shipmentId: first.shipment.id } });
    expect(events.map((e) => [e.type, JSON.parse(e.data ?? "{}")])).toEqual([["validated", { stateTo: "READY" }]]);
  });

  it("keeps every hold reason and says them as the last error", async () => {
    const reasons = [
      { field: "ShipToAddress.Street1", message: "Street too long." },
      { field: "Skus.Sku", message: "No SKU." },
    ];
    const { shipment } = await recordNewShipment(db, newShipment(2, { state: "HELD", hold: { code: "HELD", reasons } }));
    expect(shipment).toMatchObject({ state: "HELD", lastErrorCode: "HELD", lastErrorText: "Street too long. No SKU." });
    expect(JSON.parse(shipment.holdReasons ?? "[]")).toEqual(reasons);
  });
});

describe("recording a planning round's shipments together", () => {
  it("records the new ones with their first events, returns the known ones unchanged, in the order given", async () => {
    const { shipment: known } = await recordNewShipment(db, newShipment(2));
    const recorded = await recordNewShipments(db, [
      newShipment(3),
      newShipment(2, { packageId: "other" }),
      newShipment(1, { state: "HELD", hold: { code: "HELD", reasons: [] } }),
    ]);
    expect(recorded.map(({ shipment, created }) => [shipment.packageId, shipment.state, created])).toEqual([
      ["3_3", "READY", true],
      ["2_2", "READY", false],
      ["1_1", "HELD", true],
    ]);
    expect(recorded[1]?.shipment).toEqual(known);
    expect(await db.shipment.count()).toBe(3);
    const events = await db.shipmentEvent.findMany({ where: { shipmentId: { in: recorded.map((r) => r.shipment.id) } } });
    expect(events.map((e) => [e.shipmentId, JSON.parse(e.data ?? "{}")]).sort()).toEqual(
      [
        [recorded[0]?.shipment.id, { stateTo: "READY" }],
        [known.id, { stateTo: "READY" }],
        [recorded[2]?.shipment.id, { stateTo: "HELD" }],
      ].sort(),
    );
  });

  it("records a fulfillment order named twice once, and a push claims the round's packages in the order planned", async () => {
    const recorded = await recordNewShipments(db, [newShipment(5), newShipment(4), newShipment(5, { packageId: "again" }), newShipment(6)]);
    expect(recorded[2]).toEqual(recorded[0]);
    expect(await db.shipment.count()).toBe(3);
    const claimed = await claimReadyShipments(db, target, { jobId: await pushJob("push-a"), now: new Date(), graceMs: 1_000 }, 20);
    expect(claimed.map((s) => s.packageId)).toEqual(["5_5", "4_4", "6_6"]);
  });

  it("refuses to record two shops' shipments together", async () => {
    await expect(recordNewShipments(db, [newShipment(1), newShipment(2, { shop: "b.myshopify.com" })])).rejects.toThrow(/one shop/);
    expect(await db.shipment.count()).toBe(0);
  });
});

describe("claiming READY shipments for a push", () => {
  it("claims the oldest of the target, at most `limit`, and not another target's", async () => {
    for (const n of [1, 2, 3]) await recordNewShipment(db, newShipment(n));
    await recordNewShipment(db, newShipment(4, { origin: "DE01" }));
    const jobId = await pushJob("push-a");
    const claimed = await claimReadyShipments(db, target, { jobId, now: new Date(), graceMs: 1_000 }, 2);
    expect(claimed.map((s) => s.packageId)).toEqual(["1_1", "2_2"]);
    expect(claimed.every((s) => s.sendingJobId === jobId)).toBe(true);
  });

  it("lets the same job claim its own claims again (its earlier run died mid-send), but no live other job", async () => {
    await recordNewShipment(db, newShipment(1));
    const mine = await pushJob("push-a");
    const other = await pushJob("push-b");
    expect(await claimReadyShipments(db, target, { jobId: mine, now: new Date(), graceMs: 0 }, 20)).toHaveLength(1);
    expect(await claimReadyShipments(db, target, { jobId: mine, now: new Date(), graceMs: 0 }, 20)).toHaveLength(1);
    expect(await claimReadyShipments(db, target, { jobId: other, now: new Date(), graceMs: 0 }, 20)).toHaveLength(0);

    // The holder is gone (done): after the grace time its claim may be taken over.
    await db.job.update({ where: { id: mine }, data: { status: "DONE" } });
    const later = new Date(Date.now() + 5_000);
    expect(await claimReadyShipments(db, target, { jobId: other, now: later, graceMs: 1_000 }, 20)).toHaveLength(1);
  });
});

describe("cancelling a shipment before it reaches the provider", () => {
  /** A withdrawal that counts the questions it would queue. */
  function withdrawal() {
    const queued: string[] = [];
    return { queued, because: timelineSaid("merchantAskedToCancel"), whenWithdrawn: async () => void queued.push("asked") };
  }
  const cancel = (id: string, asked = withdrawal()) =>
    cancelUnsentShipment(db, id, { type: "cancelled", message: "Cancelled." }, new Date(), asked);

  it("cancels HELD and READY shipments no send reached for, once", async () => {
    const { shipment } = await recordNewShipment(db, newShipment(1));
    const asked = withdrawal();
    expect(await cancel(shipment.id, asked)).toBe("cancelled");
    expect(await cancel(shipment.id, asked)).toBe("already-cancelled");
    expect(asked.queued).toEqual([]);
    expect(await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({ state: "CANCELLED" });
  });

  it("withdraws one a push holds: no push may claim it again, not even its own, and the provider is asked", async () => {
    const { shipment } = await recordNewShipment(db, newShipment(1));
    const jobId = await pushJob("push-a");
    await claimReadyShipments(db, target, { jobId, now: new Date(), graceMs: 0 }, 20);
    const asked = withdrawal();
    expect(await cancel(shipment.id, asked)).toBe("withdrawn");
    expect(await cancel(shipment.id, asked)).toBe("withdrawn");
    expect(asked.queued).toEqual(["asked", "asked"]);
    const withdrawn = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(withdrawn).toMatchObject({ state: "READY", lastErrorCode: "WITHDRAWING", sendingJobId: jobId });
    expect(withdrawn.sendWithdrawnAt).not.toBeNull();
    expect(await db.shipmentEvent.count({ where: { shipmentId: shipment.id, type: "withdrawn" } })).toBe(1);
    // Why it waits, stored in English and read by a Chinese admin in Chinese (its reason and its timeline).
    const english =
      `The merchant asked to cancel. A send of package ${shipment.packageId} may have reached the provider (its answer was lost, or it is under way), ` +
      "so the app asks the provider whether it has it before cancelling: nothing more is sent.";
    expect(withdrawn.lastErrorText).toBe(english);
    const inChinese = `商家申请了取消。包裹 ${shipment.packageId} 的一次发送可能已到达服务商（其回复丢失，或仍在进行中），因此应用会先向服务商确认是否收到，再决定是否取消：不会再发送任何内容。`;
    const shown = await findShipmentDetail(db, SHOP, shipment.id, CATALOGUES["zh-CN"]);
    expect(shown?.reason).toBe(inChinese);
    expect(shown?.timeline.find((event) => event.type === "withdrawn")?.message).toBe(inChinese);
    expect((await findShipmentDetail(db, SHOP, shipment.id))?.reason).toBe(english);

    // Its claim released (a 429 before the provider looked): still nobody's to send.
    await releaseSendingClaims(db, jobId, [shipment.id]);
    expect(await claimReadyShipments(db, target, { jobId, now: new Date(), graceMs: 0 }, 20)).toEqual([]);
    expect(await claimShipmentForSending(db, SHOP, shipment.id, { jobId, now: new Date(), graceMs: 0 })).toBeNull();
    expect(await countReady(db, target)).toBe(0);
    expect(await readyPushTargets(db, SHOP)).toEqual([]);
  });

  it("withdraws one whose last creation call ended without an answer, though no push holds it now", async () => {
    const { shipment } = await recordNewShipment(db, newShipment(1));
    const jobId = await pushJob("push-a");
    await claimReadyShipments(db, target, { jobId, now: new Date(), graceMs: 0 }, 20);
    await recordSendInDoubt(db, jobId, [shipment.id], new Date());
    await releaseSendingClaims(db, jobId, [shipment.id]);
    expect(await cancel(shipment.id)).toBe("withdrawn");
  });

  it("refuses once the provider has it", async () => {
    const { shipment } = await recordNewShipment(db, newShipment(1));
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "SUBMITTED" } });
    expect(await cancel(shipment.id)).toBe("already-sent");
  });
});

describe("whether a creation call may be under way", () => {
  it("while its push runs, or waits behind a send-now still calling; not once the call ended in doubt, nor for a gone job", async () => {
    const { shipment } = await recordNewShipment(db, newShipment(1));
    const jobId = await pushJob("push-a");
    await claimReadyShipments(db, target, { jobId, now: new Date(Date.now() - 1_000), graceMs: 0 }, 20);
    const read = () => db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    // Claimed, no answer and no doubt yet: the call may be under way (a person's send-now holds a PENDING job).
    expect(await creationMayBeUnderWay(db, await read())).toBe(true);
    await recordSendInDoubt(db, jobId, [shipment.id], new Date());
    expect(await creationMayBeUnderWay(db, await read())).toBe(false);
    await db.job.update({ where: { id: jobId }, data: { status: "RUNNING" } });
    expect(await creationMayBeUnderWay(db, await read())).toBe(true);
    await db.job.update({ where: { id: jobId }, data: { status: "DEAD" } });
    expect(await creationMayBeUnderWay(db, await read())).toBe(false);
  });
});

describe("tracking checkpoints", () => {
  it("are recorded once per key, before they are sent, several parcels' in one go: a key recorded again is refused, its row kept", async () => {
    const { shipment } = await recordNewShipment(db, newShipment(1));
    const { shipment: other } = await recordNewShipment(db, newShipment(3));
    const checkpoint = { key: "2030-01-01#abc", status: "IN_TRANSIT", happenedAt: new Date("2030-01-01T00:00:00Z"), message: "Departed" };
    const later = { key: "2030-01-02#def", status: "DELIVERED", happenedAt: new Date("2030-01-02T00:00:00Z"), message: "Delivered" };
    const first = await recordCheckpointIntents(db, [{ shipmentId: shipment.id, ...checkpoint }]);
    const firstRow = first.get(shipment.id)?.get(checkpoint.key);
    expect(firstRow?.sentAt).toBeNull();
    // Another run recorded the same key meanwhile: nothing of this one is written, the first row stays.
    await expect(
      recordCheckpointIntents(db, [
        { shipmentId: other.id, ...checkpoint },
        { shipmentId: shipment.id, ...later },
        { shipmentId: shipment.id, ...checkpoint },
      ]),
    ).rejects.toThrow();
    expect((await recordedCheckpoints(db, [shipment.id])).get(shipment.id)?.get(checkpoint.key)?.id).toBe(firstRow?.id);
    expect(await db.shipmentCheckpoint.count()).toBe(1);
    // The same key on another parcel is another checkpoint.
    const again = await recordCheckpointIntents(db, [
      { shipmentId: shipment.id, ...later },
      { shipmentId: other.id, ...checkpoint },
    ]);
    expect([...(again.get(shipment.id)?.keys() ?? [])]).toEqual([later.key]);
    expect([...(again.get(other.id)?.keys() ?? [])]).toEqual([checkpoint.key]);
    const recorded = await recordedCheckpoints(db, [shipment.id, other.id]);
    expect([...(recorded.get(shipment.id)?.keys() ?? [])].sort()).toEqual([checkpoint.key, later.key]);
    expect([...(recorded.get(other.id)?.keys() ?? [])]).toEqual([checkpoint.key]);
  });

  it("are marked sent together, each with its own Shopify event, their timeline events written in order on each parcel", async () => {
    const { shipment } = await recordNewShipment(db, newShipment(2));
    const { shipment: other } = await recordNewShipment(db, newShipment(4));
    const at = (day: number) => new Date(`2030-01-0${day}T00:00:00Z`);
    const rows = await recordCheckpointIntents(db, [
      { shipmentId: shipment.id, key: "a", status: "IN_TRANSIT", happenedAt: at(1), message: "Departed" },
      { shipmentId: shipment.id, key: "b", status: "OUT_FOR_DELIVERY", happenedAt: at(2), message: "Out" },
      { shipmentId: shipment.id, key: "c", status: "DELIVERED", happenedAt: at(3), message: "Delivered" },
      { shipmentId: other.id, key: "a", status: "IN_TRANSIT", happenedAt: at(1), message: "Departed" },
    ]);
    const idOf = (shipmentId: string, key: string) => rows.get(shipmentId)?.get(key)?.id ?? "";
    const sentAt = new Date("2030-01-04T00:00:00Z");
    const event = (message: string) => ({ type: "tracking_event" as const, message });
    await markCheckpointsSent(
      db,
      [
        {
          shipmentId: shipment.id,
          checkpointId: idOf(shipment.id, "a"),
          shopifyEventId: "gid://shopify/FulfillmentEvent/1",
          event: event("first"),
        },
        {
          shipmentId: other.id,
          checkpointId: idOf(other.id, "a"),
          shopifyEventId: "gid://shopify/FulfillmentEvent/9",
          event: event("other's"),
        },
        {
          shipmentId: shipment.id,
          checkpointId: idOf(shipment.id, "c"),
          shopifyEventId: "gid://shopify/FulfillmentEvent/3",
          event: event("third"),
        },
      ],
      sentAt,
    );
    const after = await db.shipmentCheckpoint.findMany({ where: { shipmentId: shipment.id }, orderBy: { key: "asc" } });
    expect(after.map((row) => [row.key, row.sentAt?.toISOString() ?? null, row.shopifyEventId])).toEqual([
      ["a", sentAt.toISOString(), "gid://shopify/FulfillmentEvent/1"],
      ["b", null, null],
      ["c", sentAt.toISOString(), "gid://shopify/FulfillmentEvent/3"],
    ]);
    expect((await db.shipmentCheckpoint.findFirst({ where: { shipmentId: other.id } }))?.shopifyEventId).toBe(
      "gid://shopify/FulfillmentEvent/9",
    );
    const timeline = (shipmentId: string) =>
      db.shipmentEvent.findMany({ where: { shipmentId, type: "tracking_event" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect((await timeline(shipment.id)).map((row) => row.message)).toEqual(["first", "third"]);
    expect((await timeline(other.id)).map((row) => row.message)).toEqual(["other's"]);
  });
});
