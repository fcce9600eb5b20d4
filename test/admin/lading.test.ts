/**
 * The bulk shipment pages (lading orders) in the built app, over HTTP as the embedded admin reaches
 * them: packages of catalogue SKUs sent from a warehouse to one address on a reservation date (the
 * sandbox, operation 13) with store SKUs sent as their provider SKUs; wrong fields refused by field
 * before anything is sent, and the provider's own refusal at its field; the list and the page with
 * the ids the provider knows it by. One shop never sees another's; nothing without a session token.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saveLadingOrder } from "~/stores/lading/lading-orders.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { seedCatalogue } from "../support/catalogue";
import { useStack } from "../support/stack";
import { adminData, adminDocument } from "./support";

const stack = useStack({ worker: false });

const NEW = "routes/app.lading.new";
const LIST = "routes/app.lading._index";
const DETAIL = "routes/app.lading.$id";
const OTHER_SHOP = "other-shop.myshopify.com";

const Refusal = z.object({
  ok: z.literal(false),
  problem: z.string().nullable(),
  result: z.object({ error: z.record(z.string(), z.array(z.string()).nullable()).optional() }).nullable(),
});
const ListData = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      shipmentId: z.string(),
      warehouseId: z.string(),
      serviceCode: z.string(),
      shipTo: z.string(),
      state: z.string(),
      packages: z.number(),
      units: z.number(),
      reservationDate: z.string(),
    }),
  ),
});
const DetailData = z.object({
  order: z.object({
    reference: z.string(),
    shipmentId: z.string(),
    state: z.string(),
    reservationDate: z.string(),
    shipTo: z.record(z.string(), z.string().nullable()),
    packages: z.array(z.object({ lines: z.array(z.object({ sku: z.string(), providerSku: z.string(), quantity: z.number() })) })),
  }),
});

/** A day well after today, whenever the test runs. */
const LATER = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const form = (fields: Record<string, string>) => ({
  reference: "LD-TEST-1",
  shipmentId: "FBA15ABCDE",
  warehouseId: "US01",
  serviceCode: "US01-STD",
  reservationDate: LATER,
  contact: "Receiving dock",
  company: "Amazon.com Services LLC",
  phone: "+1 909 555 0100",
  email: "",
  street1: "2125 W San Bernardino Ave",
  street2: "",
  city: "Redlands",
  province: "CA",
  postcode: "92374",
  country: "us",
  "packages.0.lines.0.sku": "TEA-GREEN-100G",
  "packages.0.lines.0.quantity": "24",
  ...fields,
});

async function send(fields: Record<string, string>) {
  return adminData(stack(), "/app/lading/new", NEW, { form: form(fields) });
}

async function refusalOf(response: Response) {
  expect(response.status).toBe(400);
  return Refusal.parse(await response.json());
}

/** Sends the form; the app answers with the new order's page. */
async function sent(fields: Record<string, string>): Promise<string> {
  const response = await send(fields);
  expect(response.status, await response.clone().text()).toBe(204);
  const location = response.headers.get("X-Remix-Redirect") ?? "";
  expect(location).toMatch(/^\/app\/lading\/\w+$/);
  return location.split("/").at(-1) ?? "";
}

const detail = async (id: string) => DetailData.parse(await (await adminData(stack(), `/app/lading/${id}`, DETAIL)).json()).order;

describe("bulk shipments (lading orders)", () => {
  it("offers the shop's own warehouses with their services, its catalogue and a reference, never another shop's", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, {
      warehouses: [
        { warehouseId: "US01", services: { defaultService: "US01-STD", byCountry: { CA: "US01-INT" } } },
        { warehouseId: "DE01", enabled: false },
      ],
    });
    await saveShopSettings(s.db, OTHER_SHOP, { warehouses: [{ warehouseId: "JP09" }] });
    await seedCatalogue(s.db, s.shop);
    await seedCatalogue(s.db, OTHER_SHOP, [{ sku: "THEIR-ONLY-SKU", name: "Their product" }]);

    const data = z
      .object({
        warehouses: z.array(z.object({ id: z.string(), enabled: z.boolean(), services: z.array(z.string()) })),
        catalogue: z.array(z.object({ sku: z.string() })),
        reference: z.string(),
        today: z.string(),
      })
      .parse(await (await adminData(s, "/app/lading/new", NEW)).json());
    expect(data.warehouses).toEqual([
      { id: "US01", enabled: true, services: ["US01-STD", "US01-INT"] },
      { id: "DE01", enabled: false, services: [] },
    ]);
    expect(data.catalogue).toHaveLength(14);
    expect(data.reference).toMatch(/^LD-\d{8}-[0-9A-F]{6}$/);
    expect(JSON.stringify(data)).not.toMatch(/THEIR-ONLY-SKU|JP09/);
    expect((await adminDocument(s, "/app/lading/new")).text).toContain(
      "then Save in the bar at the top: the bulk shipment is sent to the provider",
    );
    expect((await adminDocument(s, "/app/lading")).text).toContain("No bulk shipments yet");
  });

  it("refuses wrong fields by field before sending anything, and puts the provider's refusal at its field", async () => {
    const s = stack();
    const wrong = await refusalOf(
      await send({
        reference: "x".repeat(31),
        shipmentId: "FBA 15",
        serviceCode: "",
        reservationDate: "2020-01-01",
        contact: "",
        email: "receiving at example",
        postcode: "9".repeat(21),
        country: "USA",
        "packages.0.lines.0.quantity": "0",
        "packages.3.lines.0.sku": "",
      }),
    );
    expect(wrong.result?.error).toEqual({
      reference: ["must be at most 30 characters"],
      shipmentId: ["may contain only letters, digits, hyphen (-) and underscore (_)"],
      serviceCode: ["is required"],
      reservationDate: ["must be today or later"],
      contact: ["is required"],
      email: ["must be an email address such as receiving@example.com"],
      postcode: ["must be at most 20 characters"],
      country: ["must be a two-letter country code such as US"],
      "packages.0.lines.0.quantity": ["must be at least 1 unit"],
      "packages.3.lines": ["Add at least one SKU to this package."],
    });
    const noPackages = Object.fromEntries(Object.entries(form({})).filter(([name]) => !name.startsWith("packages.")));
    expect((await refusalOf(await adminData(s, "/app/lading/new", NEW, { form: noPackages }))).result?.error).toEqual({
      packages: ["Add at least one package."],
    });
    // Another shop's warehouse, a SKU not in this shop's catalogue.
    expect((await refusalOf(await send({ warehouseId: "JP09", "packages.0.lines.0.sku": "THEIR-ONLY-SKU" }))).result?.error).toEqual({
      warehouseId: ["is not one of your warehouses (Settings > Warehouses and routing)"],
      "packages.0.lines.0.sku": ["is not a SKU of your catalogue"],
    });
    expect(s.sandbox.state().ladings.size).toBe(0);

    // Only the provider knows which services ship from which warehouse, and which SKUs it has.
    expect(await refusalOf(await send({ serviceCode: "DE01-STD" }))).toMatchObject({
      problem: "The provider refused the bulk shipment: service DE01-STD does not ship from warehouse US01.",
      result: { error: { serviceCode: ["service DE01-STD does not ship from warehouse US01"] } },
    });
    await seedCatalogue(s.db, s.shop, [{ sku: "POSTER-UNREG", name: "Poster" }]);
    const unregistered = await refusalOf(
      await send({
        "packages.4.lines.2.sku": "MUG-CER-350-WHT",
        "packages.4.lines.2.quantity": "1",
        "packages.4.lines.9.sku": "POSTER-UNREG",
        "packages.4.lines.9.quantity": "3",
      }),
    );
    expect(unregistered).toMatchObject({
      problem: "The provider refused the bulk shipment: SKU POSTER-UNREG is not registered; create it first (merchant SKU).",
      result: { error: { "packages.4.lines.9.sku": ["SKU POSTER-UNREG is not registered; create it first (merchant SKU)"] } },
    });
    expect(s.sandbox.state().ladings.size).toBe(0);
  });

  it("sends the packages with store SKUs as their provider SKUs, lists the order and shows the provider's ids", async () => {
    const s = stack();
    await seedCatalogue(s.db, s.shop, [{ sku: "SHOP-MUG", name: "Mug as the shop sells it" }]);
    await saveShopSettings(s.db, s.shop, {
      warehouses: [{ warehouseId: "US01" }],
      skus: { bySku: { "SHOP-MUG": { providerSku: "MUG-CER-350-WHT" } } },
    });
    const id = await sent({
      "packages.1.lines.0.sku": "SHOP-MUG",
      "packages.1.lines.0.quantity": "6",
      "packages.1.lines.1.sku": "TEA-GREEN-100G",
      "packages.1.lines.1.quantity": "2",
    });

    expect(s.sandbox.state().ladings.get("LD-TEST-1")).toMatchObject({
      shipmentId: "FBA15ABCDE",
      warehouseId: "US01",
      serviceCode: "US01-STD",
      packageCount: 2,
    });
    const order = await detail(id);
    expect(order).toMatchObject({
      reference: "LD-TEST-1",
      shipmentId: "FBA15ABCDE",
      state: "ACCEPTED",
      reservationDate: LATER,
    });
    expect(order.shipTo).toEqual({
      contact: "Receiving dock",
      company: "Amazon.com Services LLC",
      phone: "+1 909 555 0100",
      email: null,
      street1: "2125 W San Bernardino Ave",
      street2: null,
      city: "Redlands",
      province: "CA",
      postcode: "92374",
      country: "US",
    });
    expect(order.packages).toEqual([
      { lines: [{ sku: "TEA-GREEN-100G", providerSku: "TEA-GREEN-100G", quantity: 24 }] },
      {
        lines: [
          { sku: "SHOP-MUG", providerSku: "MUG-CER-350-WHT", quantity: 6 },
          { sku: "TEA-GREEN-100G", providerSku: "TEA-GREEN-100G", quantity: 2 },
        ],
      },
    ]);
    const list = ListData.parse(await (await adminData(s, "/app/lading", LIST)).json());
    expect(list.rows).toEqual([
      {
        id,
        reference: "LD-TEST-1",
        shipmentId: "FBA15ABCDE",
        warehouseId: "US01",
        serviceCode: "US01-STD",
        shipTo: "Amazon.com Services LLC, Redlands, US",
        state: "ACCEPTED",
        packages: 2,
        units: 32,
        reservationDate: LATER,
      },
    ]);

    // The same reference again is refused at its field: it names one order.
    expect((await refusalOf(await send({}))).result?.error).toEqual({
      reference: ["is already the reference of another of your bulk shipments"],
    });
    const page = (await adminDocument(s, `/app/lading/${id}`)).text;
    expect(page).toContain("FBA15ABCDE");
    expect(page).toContain("Accepted by the provider");
  });

  it("never shows another shop's order, and nothing without a session token", async () => {
    const s = stack();
    const theirs = await saveLadingOrder(s.db, OTHER_SHOP, {
      reference: "THEIR-LD-1",
      shipmentId: "",
      warehouseId: "JP09",
      serviceCode: "JP09-STD",
      reservationDate: new Date("2026-12-01T00:00:00Z"),
      shipTo: {
        contact: "Them",
        company: null,
        phone: null,
        email: null,
        street1: "1-1",
        street2: null,
        city: "Tokyo",
        province: null,
        postcode: null,
        country: "JP",
      },
      packages: [],
    });
    expect(JSON.stringify(await (await adminData(s, "/app/lading", LIST)).json())).not.toContain("THEIR-LD-1");
    expect((await adminData(s, `/app/lading/${theirs.id}`, DETAIL)).status).toBe(404);

    for (const [path, route] of [
      ["/app/lading", LIST],
      ["/app/lading/new", NEW],
      [`/app/lading/${theirs.id}`, DETAIL],
    ] as const) {
      const load = await adminData(s, path, route, { signedIn: false });
      expect(load.status).toBe(204);
      expect(load.headers.get("X-Remix-Redirect")).toBe("/auth/login");
    }
    const post = await adminData(s, "/app/lading/new", NEW, { signedIn: false, form: form({ reference: "LD-NO-TOKEN" }) });
    expect(post.status).not.toBe(200);
    expect(s.sandbox.state().ladings.has("LD-NO-TOKEN")).toBe(false);
  });
  it("answers in the admin's language: a Chinese admin is told each wrong field and the provider's refusal in Chinese", async () => {
    const s = stack();
    // A reference no bulk shipment above took.
    const inChinese = async (fields: Record<string, string>) =>
      refusalOf(await adminData(s, "/app/lading/new?locale=zh-CN", NEW, { form: form({ reference: "LD-ZH-1", ...fields }) }));
    expect(
      (
        await inChinese({
          serviceCode: "",
          reservationDate: "2020-01-01",
          email: "receiving at example",
          postcode: "9".repeat(21),
          "packages.0.lines.0.quantity": "x",
          "packages.3.lines.0.sku": "",
        })
      ).result?.error,
    ).toEqual({
      serviceCode: ["为必填项"],
      reservationDate: ["必须是今天或之后的日期"],
      email: ["必须是电子邮箱地址，例如 receiving@example.com"],
      postcode: ["不能超过 20 个字符"],
      "packages.0.lines.0.quantity": ["必须是整数"],
      "packages.3.lines": ["请至少向这个包裹添加一个 SKU。"],
    });
    // The provider's request rules too, each at its field.
    expect(
      (
        await inChinese({
          reference: "x".repeat(31),
          shipmentId: "FBA 15",
          country: "USA",
          "packages.0.lines.0.quantity": "0",
        })
      ).result?.error,
    ).toEqual({
      reference: ["不能超过 30 个字符"],
      shipmentId: ["只能包含字母、数字、连字符 (-) 和下划线 (_)"],
      country: ["必须是两个字母的国家/地区代码，例如 US"],
      "packages.0.lines.0.quantity": ["不能少于 1 件"],
    });
    expect((await inChinese({ warehouseId: "JP09", "packages.0.lines.0.sku": "THEIR-ONLY-SKU" })).result?.error).toEqual({
      warehouseId: ["不是您的仓库（设置 > 仓库与路由）"],
      "packages.0.lines.0.sku": ["不是您商品目录中的 SKU"],
    });
    // The provider's own words stay as it said them, inside the Chinese sentence.
    expect(await inChinese({ serviceCode: "DE01-STD" })).toMatchObject({
      problem: "服务商拒绝了这笔批量发货：service DE01-STD does not ship from warehouse US01。",
      result: { error: { serviceCode: ["service DE01-STD does not ship from warehouse US01"] } },
    });
    expect(s.sandbox.state().ladings.has("LD-ZH-1")).toBe(false);
  });
});
