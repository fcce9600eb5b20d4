import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCarrierService, deleteCarrierService, ensureCarrierService, listCarrierServices } from "~/shopify/carrier-service.server";
import { ShopifyUserError } from "~/shopify/errors";
import { emulatorState, startTestShopify, type TestShopify } from "../support/shopify-admin";

let shopify: TestShopify;

beforeAll(async () => {
  shopify = await startTestShopify();
});
afterAll(() => shopify.close());
beforeEach(() => shopify.emulator.reset());

const rates = () => ({
  name: "Provider rates",
  callbackUrl: `${shopify.app.url}/carrier_service`,
  active: true,
  supportsServiceDiscovery: true,
});

describe("the checkout-rates carrier service", () => {
  it("is created with all four inputs 2026-10 requires, and listed", async () => {
    const created = await createCarrierService(shopify.admin, rates());
    expect(created).toMatchObject({
      name: "Provider rates",
      callbackUrl: `${shopify.app.url}/carrier_service`,
      active: true,
      supportsServiceDiscovery: true,
    });
    const page = await listCarrierServices(shopify.admin);
    expect(page.items.map((s) => s.id)).toEqual([created.id]);
    expect(page.nextCursor).toBeNull();
  });

  it("is created once however often setup runs", async () => {
    const first = await ensureCarrierService(shopify.admin, rates());
    const again = await ensureCarrierService(shopify.admin, rates());
    expect([first.created, again.created]).toEqual([true, false]);
    expect(again.service.id).toBe(first.service.id);
    expect((await emulatorState(shopify.emulator)).carrierServices).toHaveLength(1);
  });

  it("is pointed at the app's new address, and made active again, when setup runs after a change", async () => {
    const first = await ensureCarrierService(shopify.admin, {
      ...rates(),
      callbackUrl: "https://old.example.com/carrier_service",
      active: false,
    });
    const again = await ensureCarrierService(shopify.admin, rates());
    expect(again).toMatchObject({
      created: false,
      service: { id: first.service.id, callbackUrl: `${shopify.app.url}/carrier_service`, active: true },
    });
    expect((await emulatorState(shopify.emulator)).carrierServices).toHaveLength(1);
  });

  it("names the field when Shopify refuses a second one of the same name", async () => {
    await createCarrierService(shopify.admin, rates());
    const second = createCarrierService(shopify.admin, rates());
    await expect(second).rejects.toBeInstanceOf(ShopifyUserError);
    await expect(second).rejects.toThrow(/CarrierServiceCreate: input\.name: Provider rates is already configured/);
  });

  it("is deleted, and deleting one Shopify no longer has is no error", async () => {
    const created = await createCarrierService(shopify.admin, rates());
    expect(await deleteCarrierService(shopify.admin, created.id)).toBe(true);
    expect((await emulatorState(shopify.emulator)).carrierServices).toHaveLength(0);
    expect(await deleteCarrierService(shopify.admin, created.id)).toBe(false);
  });

  it("is refused when the shop's plan lacks carrier-calculated shipping", async () => {
    shopify.emulator.state.shops.forEach((shop) => (shop.carrierCalculatedShipping = false));
    await expect(createCarrierService(shopify.admin, rates())).rejects.toThrow(
      /Carrier calculated shipping is not available on this shop's plan/,
    );
    expect((await emulatorState(shopify.emulator)).carrierServices).toHaveLength(0);
  });
});
