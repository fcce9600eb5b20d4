/**
 * B2B orders on payment terms (issue 26, 3), through the whole pipeline: a company buys in the
 * emulated Shopify on Net 30, so the order is not paid when placed. What a merchant would check: it
 * ships all the same, its company named to the provider; with net terms switched off in Settings it
 * waits saying which terms hold it, and ships once the setting lets it.
 */
import type { Shipment } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { saveSettingsAndEnsureServices } from "~/flows/install/fulfillment-services.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, type Harness, startHarness } from "./harness";

let harness: Harness;
let company: { id: number; location_id: number };

const CreatedCompany = z.object({ id: z.number(), locations: z.array(z.object({ id: z.number(), name: z.string() })) });

beforeAll(async () => {
  harness = await startHarness();
  const response = await fetch(`${harness.shopify.url}/__emulator/companies`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
    body: JSON.stringify({ name: "Harbour Trading Ltd", locations: ["Rotterdam depot"] }),
  });
  const created = CreatedCompany.parse(await response.json());
  company = { id: created.id, location_id: created.locations[0]?.id ?? 0 };
}, 30_000);

afterAll(async () => {
  await harness?.close();
});

/** A company's order on Net 30, not paid, as Shopify's orders/create payload has it. */
const onNet30 = () => ({
  financial_status: "pending",
  company,
  payment_terms: { payment_terms_name: "Net 30", payment_terms_type: "NET", due_in_days: 30, payment_schedules: [] },
});

/** The order's shipment once the provider has its package, which the sandbox then holds. */
async function atTheProvider(orderId: string): Promise<Shipment> {
  return waitFor(
    async () => {
      const shipments = await harness.shipmentsOf(orderId);
      return shipments.find(
        (s) => harness.sandbox.state().dropships.has(s.packageId) || harness.sandbox.state().outbounds.has(s.packageId),
      );
    },
    { timeoutMs: 20_000, intervalMs: 25, what: `the package of ${orderId} at the provider` },
  );
}

describe("a company's order on payment terms", () => {
  it("ships unpaid on Net 30, from the merchant's location and from a warehouse, the company named to the provider", async () => {
    const dropship = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 2 }], onNet30());
    const outbound = await harness.placeOrder([{ sku: "BOTTLE-SS-750-SLV", quantity: 1 }], onNet30());

    const parcel = await atTheProvider(dropship.orderId);
    expect(parcel.kind).toBe("DROPSHIP");
    expect(harness.sandbox.state().dropships.get(parcel.packageId)?.importerCompany).toBe("Harbour Trading Ltd");

    const fromWarehouse = await atTheProvider(outbound.orderId);
    expect(fromWarehouse.kind).toBe("OUTBOUND");
    expect(harness.sandbox.state().outbounds.get(fromWarehouse.packageId)?.importerCompany).toBe("Harbour Trading Ltd");
  }, 45_000);

  it("waits with net terms switched off, naming the terms and the company; ships once Settings lets net terms ship", async () => {
    const stored = await getShopSettings(harness.db, DEMO_SHOP);
    await saveSettingsAndEnsureServices(harness.db, DEMO_SHOP, {
      ...stored,
      orders: { ...stored.orders, shipOnTerms: { ...stored.orders.shipOnTerms, NET: false } },
    });

    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }], onNet30());
    const waiting = await harness.waitForShipment(placed.orderId, "HELD");
    expect(waiting.lastErrorCode).toBe("AWAITING_PAYMENT");
    expect(waiting.lastErrorText).toMatch(
      new RegExp(
        `^Order ${placed.order.name} of Harbour Trading Ltd is on payment terms Net 30, due \\d{4}-\\d{2}-\\d{2}, and this shop holds orders on net terms until they are paid`,
      ),
    );
    expect(harness.sandbox.state().dropships.has(waiting.packageId)).toBe(false);

    // The merchant ticks "Ship orders on net terms" and saves: the waiting order goes, still unpaid.
    const now = await getShopSettings(harness.db, DEMO_SHOP);
    await saveSettingsAndEnsureServices(harness.db, DEMO_SHOP, {
      ...now,
      orders: { ...now.orders, shipOnTerms: { ...now.orders.shipOnTerms, NET: true } },
    });
    const sent = await atTheProvider(placed.orderId);
    expect(sent.id).toBe(waiting.id);
    expect(harness.sandbox.state().dropships.get(sent.packageId)?.importerCompany).toBe("Harbour Trading Ltd");
    const events = await harness.events(sent.id);
    expect(events.map((e) => e.message)).toContainEqual(expect.stringMatching(/^The shop's settings for orders that wait changed/));
  }, 45_000);

  it("waits, asking for the access, in a shop that has not approved the app's reading of payment terms yet", async () => {
    const patchScopes = async (change: (scopes: string[]) => string[]) => {
      const url = `${harness.shopify.url}/__emulator/shops/${DEMO_SHOP}`;
      const current = z.object({ scopes: z.array(z.string()) }).parse(await (await fetch(url, { method: "PATCH", body: "{}" })).json());
      await fetch(url, { method: "PATCH", body: JSON.stringify({ scopes: change(current.scopes) }) });
      return current.scopes;
    };
    const granted = await patchScopes((scopes) => scopes.filter((scope) => scope !== "read_payment_terms" && scope !== "read_companies"));
    try {
      const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }], onNet30());
      const waiting = await harness.waitForShipment(placed.orderId, "HELD");
      expect(waiting.lastErrorCode).toBe("AWAITING_PAYMENT");
      expect(waiting.lastErrorText).toBe(
        `Order ${placed.order.name} was placed by a company, but Shopify does not let the app read its payment terms: approve the app's access to payment terms and companies in Shopify, then retry; or send it now with Retry.`,
      );
    } finally {
      await patchScopes(() => granted);
    }
  }, 45_000);
});
