/**
 * The provider unreachable or refusing the shop's credentials becomes an alert once the outage has
 * lasted a few minutes, once per outage however many calls fail meanwhile; a call that goes through
 * ends it, and a failure after that is a new outage. On a real migrated database, through the
 * observer the provider client calls (noteProviderCall), with the clock given.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { noteProviderCall, OUTAGE_ALERT_AFTER_MS } from "~/flows/alerts/provider-health.server";
import { saveWebhookChannel } from "~/stores/alerts/channels.server";
import { useTestDatabase } from "../../support/database";

const { db } = useTestDatabase();
const SHOP = "outage-watch.myshopify.com";
const T0 = new Date("2026-11-29T08:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const alerts = () => db.alert.findMany({ where: { shop: SHOP }, orderBy: { createdAt: "asc" } });

beforeEach(async () => {
  await db.alert.deleteMany({ where: { shop: SHOP } });
  await db.providerOutage.deleteMany({ where: { shop: SHOP } });
  await db.shop.upsert({ where: { domain: SHOP }, create: { domain: SHOP }, update: { uninstalledAt: null } });
  await saveWebhookChannel(db, SHOP, { enabled: true, schedule: "AT_ONCE", url: "https://hooks.example.com/alerts" });
});

describe("provider outage alerts", () => {
  it("tell an unreachable provider once it has lasted, once per outage, with the page where it is set", async () => {
    expect(OUTAGE_ALERT_AFTER_MS).toBe(5 * 60_000);
    await noteProviderCall(db, SHOP, { operation: "createOutbound", outcome: "network" }, at(0));
    await noteProviderCall(db, SHOP, { operation: "trackBatch", outcome: "server" }, at(4));
    // Four minutes of failed calls: the client's retries, nobody told yet.
    expect(await alerts()).toEqual([]);

    await noteProviderCall(db, SHOP, { operation: "trackBatch", outcome: "server" }, at(6));
    await noteProviderCall(db, SHOP, { operation: "createOutbound", outcome: "network" }, at(9));
    const told = await alerts();
    expect(told.map((alert) => [alert.kind, alert.path])).toEqual([["PROVIDER_UNREACHABLE", "/app/settings/provider"]]);
    expect(told[0]?.detail).toContain(`Since ${T0.toISOString()}`);
    expect(await db.alertDelivery.count({ where: { shop: SHOP } })).toBe(1);

    // A call that goes through ends it; a failure later is a new outage, told again once it lasts.
    await noteProviderCall(db, SHOP, { operation: "trackBatch", outcome: "ok" }, at(10));
    expect(await db.providerOutage.count({ where: { shop: SHOP } })).toBe(0);
    await noteProviderCall(db, SHOP, { operation: "trackBatch", outcome: "network" }, at(30));
    await noteProviderCall(db, SHOP, { operation: "trackBatch", outcome: "network" }, at(33));
    expect(await alerts()).toHaveLength(1);
    await noteProviderCall(db, SHOP, { operation: "trackBatch", outcome: "network" }, at(36));
    expect((await alerts()).map((alert) => alert.kind)).toEqual(["PROVIDER_UNREACHABLE", "PROVIDER_UNREACHABLE"]);
  });

  it("tell refused credentials as their own alert, and not a refusal of one request", async () => {
    // The provider refusing a package is the package's own failure, not an outage.
    await noteProviderCall(db, SHOP, { operation: "createOutbound", outcome: "validation" }, at(0));
    await noteProviderCall(db, SHOP, { operation: "createOutbound", outcome: "validation" }, at(10));
    expect(await db.providerOutage.count({ where: { shop: SHOP } })).toBe(0);

    await noteProviderCall(db, SHOP, { operation: "listWarehouses", outcome: "auth" }, at(11));
    await noteProviderCall(db, SHOP, { operation: "listWarehouses", outcome: "auth" }, at(14));
    expect(await alerts()).toEqual([]);
    await noteProviderCall(db, SHOP, { operation: "listWarehouses", outcome: "auth" }, at(17));
    expect((await alerts()).map((alert) => [alert.kind, alert.path])).toEqual([["PROVIDER_REFUSED", "/app/settings/provider"]]);
  });

  it("keep nothing when the shop has no channel turned on", async () => {
    await db.alertChannel.deleteMany({ where: { shop: SHOP } });
    await noteProviderCall(db, SHOP, { operation: "trackBatch", outcome: "network" }, at(0));
    await noteProviderCall(db, SHOP, { operation: "trackBatch", outcome: "network" }, at(6));
    expect(await alerts()).toEqual([]);
  });
});
