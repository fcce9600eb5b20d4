/**
 * Drop-ship packages heavier than the shop's box limit go to the provider box by box
 * (`directExpressOrdersHaveBox`, decision 0017) and are then followed, tracked and fulfilled like any
 * other; lighter ones still go in the batch. A creation whose answer is lost (a timeout after the
 * provider acted) is sent again under the same PackageId: one provider order, one fulfilment.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { emulatorState, numericId } from "../support/shopify-admin";
import { HANDLING_LOCATION, type PlacedOrder, useHarness } from "./harness";

const harness = useHarness();

beforeAll(async () => {
  // A soy candle weighs 320 g: two fit a box of 700 g, a third needs another.
  await harness.setSettings((settings) => {
    if (!settings.dropShip) throw new Error("the harness's shop has no drop-ship settings");
    return { ...settings, dropShip: { ...settings.dropShip, maxBoxGrams: 700 } };
  });
}, 30_000);

const calls = () => ({ batch: harness.providerCalls.createDropshipBatch ?? 0, boxed: harness.providerCalls.createDropshipWithBoxes ?? 0 });

async function fulfilmentsOf(placed: PlacedOrder) {
  const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.studioLocation);
  if (!fo) throw new Error(`the order was not routed to the studio: ${JSON.stringify(placed.fulfillmentOrders)}`);
  const state = await emulatorState(harness.shopify);
  return state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fo.id)));
}

describe("a drop-ship package heavier than a box", () => {
  it("is created with boxes, tracked and fulfilled once; a light one still goes in the batch", async () => {
    const before = calls();
    const heavy = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 3 }]);
    const delivered = await harness.waitForShipment(heavy.orderId, "DELIVERED", 20_000);
    expect(delivered).toMatchObject({ kind: "DROPSHIP", warehouseCode: HANDLING_LOCATION, attempts: 1 });
    expect(delivered.trackingNumber).toBeTruthy();

    const atProvider = harness.sandbox.state().dropships.get(delivered.packageId);
    expect(atProvider).toMatchObject({ source: "boxes", location: HANDLING_LOCATION, weightGrams: 960, retryCount: 0 });
    const sent = (await harness.events(delivered.id)).find((event) => event.type === "sent");
    expect(sent?.message).toContain("in 2 boxes");
    expect(sent?.data).toMatchObject({ operation: "createDropshipWithBoxes", sent: { boxes: [{ grams: 640 }, { grams: 320 }] } });

    const fulfilments = await fulfilmentsOf(heavy);
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]?.trackingInfo[0]?.number).toBe(delivered.trackingNumber);

    const light = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }]);
    const lightShipment = await harness.waitForShipment(light.orderId, "DELIVERED", 20_000);
    expect(harness.sandbox.state().dropships.get(lightShipment.packageId)?.source).toBe("package");
    expect(calls()).toEqual({ batch: before.batch + 1, boxed: before.boxed + 1 });
  }, 45_000);

  it("a creation call that times out after the provider acted: sent again, 'not changed', one order and one fulfilment", async () => {
    await harness.planFault({ operation: "createDropshipWithBoxes", kind: "timeout", count: 1, afterProcessing: true });
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 4 }]);
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    expect(delivered.attempts).toBe(1);
    expect(harness.sandbox.state().dropships.get(delivered.packageId)).toMatchObject({ source: "boxes", retryCount: 0 });
    const sent = (await harness.events(delivered.id)).filter((event) => event.type === "sent");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message).toContain("already known to the provider, nothing changed");
    expect(await fulfilmentsOf(placed)).toHaveLength(1);
  }, 45_000);
});
