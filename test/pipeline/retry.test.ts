/**
 * A package the provider refuses to create: FAILED with the provider's reason in the merchant's
 * words; after the merchant fixes the cause, retrying plans it again from Shopify's current facts
 * and sends it as a new provider order (IsCreateNewOrder), which is then created and fulfilled.
 */
import { describe, expect, it } from "vitest";
import { retryShipment } from "~/flows/retry/retry.server";
import { CATALOGUES } from "~/lib/words";
import { findShipmentDetail } from "~/stores/shipments/shipment-list.server";
import { emulatorState, numericId } from "../support/shopify-admin";
import { DEMO_SHOP, type Harness, useHarness } from "./harness";

const harness = useHarness();

const toronto = {
  first_name: "Chloé",
  last_name: "Tremblay",
  name: "Chloé Tremblay",
  company: null,
  address1: "290 Bremner Blvd",
  address2: null,
  city: "Toronto",
  province: "Ontario",
  province_code: "ON",
  zip: "M5V 3L9",
  country: "Canada",
  country_code: "CA",
  phone: "+1 416-555-0199",
  latitude: null,
  longitude: null,
};

const withCanadaService = (service: string) => (settings: Parameters<Parameters<Harness["setSettings"]>[0]>[0]) => ({
  ...settings,
  warehouses: (settings.warehouses ?? []).map((w) => ({
    ...w,
    services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD", CA: service } },
  })),
});

describe("a package the provider cannot create", () => {
  it("fails with the reason, and after the fix is created anew and fulfilled", async () => {
    // US01-STD delivers in the US only: the provider accepts the package, then cannot create it.
    await harness.setSettings(withCanadaService("US01-STD"));
    const placed = await harness.placeOrder([{ sku: "PUZZLE-1000-MAP", quantity: 1 }], { shipping_address: toronto });
    const failed = await harness.waitForShipment(placed.orderId, "FAILED");
    expect(failed).toMatchObject({ lastErrorCode: "DestinationNotServed" });
    expect(failed.lastErrorText).toBe(
      "The provider could not create the package: Service US01-STD does not deliver to CA. Services that deliver to CA: US01-EXP, US01-ECO, US01-INT. " +
        "Choose a service that delivers there in Settings > Warehouses and routing, then retry.",
    );
    expect(harness.sandbox.state().outbounds.get(failed.packageId)?.outcome).toMatchObject({ status: "CreateFailed" });

    // The merchant picks a service that delivers to Canada, then retries.
    await harness.setSettings(withCanadaService("US01-EXP"));
    const retried = await retryShipment(harness.db, harness.deps, DEMO_SHOP, failed.id);
    expect(retried).toMatchObject({ outcome: "ready", shipment: { state: "READY", serviceCode: "US01-EXP", resendAsNew: true } });

    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(delivered).toMatchObject({ serviceCode: "US01-EXP", resendAsNew: false, attempts: 2, lastErrorCode: null });
    expect(harness.sandbox.state().outbounds.get(delivered.packageId)).toMatchObject({ serviceCode: "US01-EXP", retryCount: 1 });

    const fo = placed.fulfillmentOrders[0];
    const fulfilments = (await emulatorState(harness.shopify)).fulfillments.filter((f) =>
      f.fulfillmentOrderIds.includes(numericId(fo?.id ?? "")),
    );
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]?.trackingInfo[0]?.number).toBe(delivered.trackingNumber);

    const types = (await harness.events(delivered.id)).map((e) => e.type);
    expect(types.slice(0, 7)).toEqual(["validated", "sent", "failed", "retry_requested", "sent", "created", "fulfilment_written"]);
    const resent = (await harness.events(delivered.id)).filter((e) => e.type === "sent")[1];
    expect(resent?.data).toMatchObject({ sent: { isCreateNewOrder: true, serviceCode: "US01-EXP" } });

    // The English the timeline stores, and the same events as a Chinese admin reads them.
    const id = delivered.packageId;
    const english = (await harness.events(delivered.id)).map((e) => e.message);
    expect(english).toContain(
      `Retried by the merchant: Package ${id} checked: goes to warehouse US01 with service US01-EXP. The provider is asked to create it anew (IsCreateNewOrder).`,
    );
    expect(english).toContainEqual(
      expect.stringMatching(/^Sent to the provider \(warehouse US01, service US01-EXP\) as a new order after the fix: /),
    );
    const inChinese = (await findShipmentDetail(harness.db, DEMO_SHOP, delivered.id, CATALOGUES["zh-CN"]))?.timeline ?? [];
    const said = (type: string) => inChinese.filter((event) => event.type === type).map((event) => event.message);
    expect(said("validated")).toEqual([`包裹 ${id} 已通过检查：将从仓库 US01 以物流服务 US01-STD 发出。`]);
    expect(said("retry_requested")).toEqual([
      `商家已重试：包裹 ${id} 已通过检查：将从仓库 US01 以物流服务 US01-EXP 发出。已要求服务商重新创建该包裹（IsCreateNewOrder）。`,
    ]);
    expect(said("sent")[1]).toMatch(/^已发送给服务商（仓库 US01，物流服务 US01-EXP），修正后作为新订单发送：.+。$/);
  }, 30_000);

  it("refuses to retry a shipment that is on its way", async () => {
    const placed = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(await retryShipment(harness.db, harness.deps, DEMO_SHOP, delivered.id)).toEqual({
      outcome: "refused",
      message: "A delivered shipment cannot be retried; only held and failed ones can.",
      say: { key: "cannotRetryState", args: ["DELIVERED"] },
    });
    expect(await retryShipment(harness.db, harness.deps, "other-shop.myshopify.com", delivered.id)).toMatchObject({ outcome: "refused" });
  }, 30_000);
});
