import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { ShopifyUserError } from "~/shopify/errors";
import { acceptFulfillmentRequest } from "~/shopify/fulfillment-requests.server";
import {
  createFulfillment,
  createFulfillmentEvents,
  listFulfillmentEvents,
  listFulfillmentsOf,
  updateTracking,
} from "~/shopify/fulfillments.server";
import { FulfillmentGid, FulfillmentOrderGid, type LocationGid } from "~/shopify/ids";
import { emulatorState, numericId, orderAtWarehouse, setUpWarehouse, startTestShopify, type TestShopify } from "../support/shopify-admin";

let shopify: TestShopify;
let warehouse: LocationGid;

beforeAll(async () => {
  shopify = await startTestShopify();
});
afterAll(() => shopify.close());
beforeEach(async () => {
  shopify.emulator.reset();
  warehouse = await setUpWarehouse(shopify);
});

const dhl = (number: string) => ({ number, company: "DHL Express", url: `https://www.dhl.com/track?tracking-id=${number}` });

/** An order of two mugs and a puzzle at the warehouse, accepted: what the app fulfils. */
async function acceptedOrder() {
  const placed = await orderAtWarehouse(shopify, warehouse, [
    { sku: "MUG-CER-350-WHT", quantity: 2 },
    { sku: "PUZZLE-1000-MAP", quantity: 1 },
  ]);
  await acceptFulfillmentRequest(shopify.admin, { id: placed.fulfillmentOrderId });
  return placed;
}

describe("writing the shipment back as a fulfilment", () => {
  it("fulfils exactly the shipped lines with tracking, notifies the customer, and closes the fulfillment order", async () => {
    const { fulfillmentOrderId, lines } = await acceptedOrder();
    const fulfillment = await createFulfillment(shopify.admin, {
      fulfillmentOrderId,
      lines: lines.map(({ id, quantity }) => ({ id, quantity })),
      tracking: dhl("JD014600006281230704"),
      notifyCustomer: true,
    });
    expect(fulfillment).toMatchObject({ name: "#1001.1", status: "SUCCESS", trackingInfo: [dhl("JD014600006281230704")] });

    const state = await emulatorState(shopify.emulator);
    expect(state.fulfillments).toEqual([
      expect.objectContaining({
        id: numericId(fulfillment.id),
        fulfillmentOrderIds: [numericId(fulfillmentOrderId)],
        trackingInfo: [dhl("JD014600006281230704")],
        notifyCustomer: [true],
        lineItems: [expect.objectContaining({ quantity: 2 }), expect.objectContaining({ quantity: 1 })],
      }),
    ]);
    expect(state.fulfillmentOrders.find((fo) => fo.id === numericId(fulfillmentOrderId))?.status).toBe("CLOSED");
  });

  it("writes every parcel's tracking number, with their pages when each has one", async () => {
    const { fulfillmentOrderId, lines } = await acceptedOrder();
    const others = [dhl("JD014600006281230711"), dhl("JD014600006281230712")];
    const fulfillment = await createFulfillment(shopify.admin, {
      fulfillmentOrderId,
      lines,
      tracking: { ...dhl("JD014600006281230710"), others },
      notifyCustomer: false,
    });
    expect(fulfillment.trackingInfo).toEqual([dhl("JD014600006281230710"), ...others]);
    // A page missing for one of them: the numbers all go, Shopify finds the pages by carrier.
    const updated = await updateTracking(shopify.admin, {
      fulfillmentId: fulfillment.id,
      tracking: { ...dhl("JD014600006281230720"), others: [{ number: "JD014600006281230721", url: null }] },
      notifyCustomer: false,
    });
    expect(updated.trackingInfo.map((info) => info.number)).toEqual(["JD014600006281230720", "JD014600006281230721"]);
  });

  it("ships part of a fulfillment order and leaves the rest open, found again after a crash", async () => {
    const { fulfillmentOrderId, lines } = await acceptedOrder();
    const [mugs] = lines;
    const fulfillment = await createFulfillment(shopify.admin, {
      fulfillmentOrderId,
      lines: [{ id: mugs?.id ?? "", quantity: 1 }],
      tracking: { number: "1Z999AA10123456784", company: null, url: null },
      notifyCustomer: false,
    });
    const fo = (await emulatorState(shopify.emulator)).fulfillmentOrders.find((f) => f.id === numericId(fulfillmentOrderId));
    expect(fo?.status).toBe("IN_PROGRESS");
    expect(fo?.lineItems.map((l) => l.remainingQuantity)).toEqual([1, 1]);

    // The job died before recording the id: the fulfilment with our tracking number is ours.
    const written = await listFulfillmentsOf(shopify.admin, fulfillmentOrderId);
    expect(written?.map((f) => [f.id, f.trackingInfo[0]?.number])).toEqual([[fulfillment.id, "1Z999AA10123456784"]]);
    expect(await listFulfillmentsOf(shopify.admin, FulfillmentOrderGid.parse("gid://shopify/FulfillmentOrder/999999"))).toBeNull();
  });

  it("never sends an empty line list (Shopify would ship everything that remains)", async () => {
    const { fulfillmentOrderId } = await acceptedOrder();
    await expect(
      createFulfillment(shopify.admin, { fulfillmentOrderId, lines: [], tracking: dhl("X1"), notifyCustomer: false }),
    ).rejects.toBeInstanceOf(ZodError);
    expect((await emulatorState(shopify.emulator)).fulfillments).toEqual([]);
  });

  it("names the field when Shopify refuses a quantity beyond what remains", async () => {
    const { fulfillmentOrderId, lines } = await acceptedOrder();
    const tooMany = createFulfillment(shopify.admin, {
      fulfillmentOrderId,
      lines: [{ id: lines[0]?.id ?? "", quantity: 3 }],
      tracking: dhl("JD014600006281230705"),
      notifyCustomer: true,
    });
    await expect(tooMany).rejects.toBeInstanceOf(ShopifyUserError);
    await expect(tooMany).rejects.toThrow(
      /FulfillmentCreate: fulfillment\.lineItemsByFulfillmentOrder\.0\.fulfillmentOrderLineItems\.0\.quantity: /,
    );
  });
});

describe("after the fulfilment", () => {
  async function fulfilled() {
    const { fulfillmentOrderId, lines } = await acceptedOrder();
    return createFulfillment(shopify.admin, { fulfillmentOrderId, lines, tracking: dhl("TEMP-0001"), notifyCustomer: true });
  }

  it("replaces a tracking number that was not final, telling the customer again", async () => {
    const fulfillment = await fulfilled();
    const updated = await updateTracking(shopify.admin, {
      fulfillmentId: fulfillment.id,
      tracking: dhl("JD014600006281230799"),
      notifyCustomer: true,
    });
    expect(updated.trackingInfo).toEqual([dhl("JD014600006281230799")]);
    const [state] = (await emulatorState(shopify.emulator)).fulfillments;
    expect(state?.trackingInfo).toEqual([dhl("JD014600006281230799")]);
    expect(state?.notifyCustomer).toEqual([true, true]);
  });

  it("adds the parcel's checkpoints as events, in order, readable again so each is written once", async () => {
    const fulfillment = await fulfilled();
    const [inTransit, delivered] = await createFulfillmentEvents(shopify.admin, [
      {
        fulfillmentId: fulfillment.id,
        status: "IN_TRANSIT",
        happenedAt: new Date("2026-11-04T08:15:00Z"),
        message: "Departed facility",
        city: "Leipzig",
        country: "DE",
        estimatedDeliveryAt: new Date("2026-11-07T18:00:00Z"),
      },
      { fulfillmentId: fulfillment.id, status: "DELIVERED", happenedAt: new Date("2026-11-06T10:02:00Z"), city: "Shippington" },
    ]);

    if (!inTransit || !("created" in inTransit) || !delivered || !("created" in delivered)) throw new Error("not created");
    expect(inTransit.created).toMatchObject({ status: "IN_TRANSIT", message: "Departed facility", city: "Leipzig" });
    expect(new Date(inTransit.created.happenedAt).toISOString()).toBe("2026-11-04T08:15:00.000Z");
    const events = await listFulfillmentEvents(shopify.admin, fulfillment.id);
    expect(events?.map((e) => e.id)).toEqual([inTransit.created.id, delivered.created.id]);
    expect(events?.map((e) => e.status)).toEqual(["IN_TRANSIT", "DELIVERED"]);
    expect((await emulatorState(shopify.emulator)).fulfillmentEvents.map((e) => [e.status, e.message])).toEqual([
      ["IN_TRANSIT", "Departed facility"],
      ["DELIVERED", null],
    ]);
  });

  it("names the field when the fulfilment does not exist", async () => {
    const unknown = FulfillmentGid.parse("gid://shopify/Fulfillment/999999");
    const [refused] = await createFulfillmentEvents(shopify.admin, [
      { fulfillmentId: unknown, status: "DELIVERED", happenedAt: new Date() },
    ]);
    expect(refused && "refused" in refused ? refused.refused.message : refused).toMatch(
      /FulfillmentEventsCreate: fulfillmentEvent\.fulfillmentId: Fulfillment does not exist/,
    );
    await expect(updateTracking(shopify.admin, { fulfillmentId: unknown, tracking: dhl("X2"), notifyCustomer: false })).rejects.toThrow(
      /fulfillmentId: Fulfillment does not exist/,
    );
    expect(await listFulfillmentEvents(shopify.admin, unknown)).toBeNull();
  });
});
