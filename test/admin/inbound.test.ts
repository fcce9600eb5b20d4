/**
 * The inbound shipment pages in the built app, over HTTP as the embedded admin reaches them: a new
 * shipment of boxes sent to the provider (the sandbox, operation 4) with store SKUs sent as their
 * provider SKUs; wrong fields refused by field before anything is sent, and the provider's own
 * refusal at its line; the list and the page with the provider's id; boxes changed while on the
 * way (operation 5); "Check arrival now" finds it received once the warehouse has it, queues the
 * stock sync, and from then on the boxes cannot change. One shop never sees another's; nothing
 * without a session token.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saveInboundShipment } from "~/stores/inbound/inbound-shipments.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { seedCatalogue } from "../support/catalogue";
import { useStack } from "../support/stack";
import { adminData, adminDocument } from "./support";

const stack = useStack({ worker: false, sandbox: { inboundDelayMs: 60_000 } });

const NEW = "routes/app.inbound.new";
const LIST = "routes/app.inbound._index";
const DETAIL = "routes/app.inbound.$id";
const OTHER_SHOP = "other-shop.myshopify.com";

const Refusal = z.object({
  ok: z.literal(false),
  problem: z.string().nullable(),
  result: z.object({ error: z.record(z.string(), z.array(z.string()).nullable()).optional() }).nullable(),
});
const Answer = z.union([
  z.object({ intent: z.string(), ok: z.literal(true), tone: z.string(), message: z.string() }),
  Refusal.extend({ intent: z.string() }),
]);
const ListData = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      providerId: z.string().nullable(),
      warehouseId: z.string(),
      state: z.string(),
      boxes: z.number(),
      units: z.number(),
      sentAt: z.string(),
      receivedAt: z.string().nullable(),
    }),
  ),
});
const DetailData = z.object({
  shipment: z.object({
    reference: z.string(),
    providerId: z.string().nullable(),
    state: z.string(),
    checkedAt: z.string().nullable(),
    boxes: z.array(
      z.object({
        label: z.string().nullable(),
        weightGrams: z.number(),
        lengthCm: z.number(),
        widthCm: z.number(),
        heightCm: z.number(),
        lines: z.array(z.object({ sku: z.string(), providerSku: z.string(), quantity: z.number() })),
      }),
    ),
  }),
});

const form = (fields: Record<string, string>) => ({
  reference: "IN-TEST-1",
  warehouseId: "US01",
  shippingType: "Sea",
  arrival: "2026-12-01",
  remark: "",
  "boxes.0.label": "CARTON-1",
  "boxes.0.weight": "4200",
  "boxes.0.length": "40",
  "boxes.0.width": "30",
  "boxes.0.height": "30",
  "boxes.0.lines.0.sku": "TEA-GREEN-100G",
  "boxes.0.lines.0.quantity": "24",
  ...fields,
});

async function send(fields: Record<string, string>) {
  return adminData(stack(), "/app/inbound/new", NEW, { form: form(fields) });
}

async function refusalOf(response: Response) {
  expect(response.status).toBe(400);
  return Refusal.parse(await response.json());
}

/** Sends the form; the app answers with the new shipment's page. */
async function sent(fields: Record<string, string>): Promise<string> {
  const response = await send(fields);
  expect(response.status, await response.clone().text()).toBe(204);
  const location = response.headers.get("X-Remix-Redirect") ?? "";
  expect(location).toMatch(/^\/app\/inbound\/\w+$/);
  return location.split("/").at(-1) ?? "";
}

const detail = async (id: string) => DetailData.parse(await (await adminData(stack(), `/app/inbound/${id}`, DETAIL)).json()).shipment;
const act = async (id: string, fields: Record<string, string>) => {
  const response = await adminData(stack(), `/app/inbound/${id}`, DETAIL, { form: fields });
  return { status: response.status, answer: Answer.parse(await response.json()) };
};

describe("inbound shipments", () => {
  it("offers the shop's own warehouses and catalogue and a reference, never another shop's", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01", enabled: false }] });
    await saveShopSettings(s.db, OTHER_SHOP, { warehouses: [{ warehouseId: "JP09" }] });
    await seedCatalogue(s.db, s.shop);
    await seedCatalogue(s.db, OTHER_SHOP, [{ sku: "THEIR-ONLY-SKU", name: "Their product" }]);

    const data = z
      .object({
        warehouses: z.array(z.object({ id: z.string(), enabled: z.boolean() })),
        catalogue: z.array(z.object({ sku: z.string() })),
        reference: z.string(),
      })
      .parse(await (await adminData(s, "/app/inbound/new", NEW)).json());
    expect(data.warehouses).toEqual([
      { id: "US01", enabled: true },
      { id: "DE01", enabled: false },
    ]);
    expect(data.catalogue).toHaveLength(14);
    expect(data.reference).toMatch(/^IN-\d{8}-[0-9A-F]{6}$/);
    expect(JSON.stringify(data)).not.toMatch(/THEIR-ONLY-SKU|JP09/);
    expect((await adminDocument(s, "/app/inbound/new")).text).toContain(
      "then Save in the bar at the top: the shipment is sent to the provider",
    );
    expect((await adminDocument(s, "/app/inbound")).text).toContain("No inbound shipments yet");
  });

  it("refuses wrong fields by field before sending anything, and puts the provider's refusal at its line", async () => {
    const s = stack();
    const wrong = await refusalOf(
      await send({
        reference: "IN 1",
        "boxes.0.weight": "0",
        "boxes.0.length": "4O",
        "boxes.0.width": "",
        "boxes.0.height": "30.123",
        "boxes.0.lines.0.quantity": "0",
        "boxes.2.weight": "100",
        "boxes.2.length": "10",
        "boxes.2.width": "10",
        "boxes.2.height": "10",
        remark: "x".repeat(201),
      }),
    );
    expect(wrong.result?.error).toEqual({
      reference: ["may contain only letters, digits, hyphen (-) and underscore (_)"],
      remark: ["must be at most 200 characters"],
      "boxes.0.weight": ["must be more than 0 grams"],
      "boxes.0.length": ["must be a number such as 12.5"],
      "boxes.0.width": ["is required"],
      "boxes.0.height": ["must have at most 2 decimal places"],
      "boxes.0.lines.0.quantity": ["must be at least 1 unit"],
      "boxes.2.lines": ["Add at least one SKU to this box."],
    });
    // A negative size is told its range, a count too large to send its limit, each at its field.
    expect(
      (
        await refusalOf(
          await send({
            "boxes.0.weight": "-350",
            "boxes.0.length": "-4",
            "boxes.0.lines.0.quantity": "99999999999999999999",
          }),
        )
      ).result?.error,
    ).toEqual({
      "boxes.0.weight": ["must be more than 0 grams"],
      "boxes.0.length": ["must be more than 0"],
      "boxes.0.lines.0.quantity": ["must be at most 2,147,483,647 units"],
    });
    const noBoxes = Object.fromEntries(Object.entries(form({})).filter(([name]) => !name.startsWith("boxes.")));
    const empty = await adminData(s, "/app/inbound/new", NEW, { form: noBoxes });
    expect((await refusalOf(empty)).result?.error).toEqual({ boxes: ["Add at least one box."] });
    // A box added and left blank is a box: what it lacks is said at its fields.
    expect(
      (
        await refusalOf(
          await send({
            "boxes.0.label": "",
            "boxes.0.weight": "",
            "boxes.0.length": "",
            "boxes.0.width": "",
            "boxes.0.height": "",
            "boxes.0.lines.0.sku": "",
            "boxes.0.lines.0.quantity": "",
          }),
        )
      ).result?.error,
    ).toEqual({
      "boxes.0.weight": ["is required"],
      "boxes.0.length": ["is required"],
      "boxes.0.width": ["is required"],
      "boxes.0.height": ["is required"],
      "boxes.0.lines": ["Add at least one SKU to this box."],
    });
    // Another shop's warehouse, a SKU not in this shop's catalogue.
    expect((await refusalOf(await send({ warehouseId: "JP09", "boxes.0.lines.0.sku": "THEIR-ONLY-SKU" }))).result?.error).toEqual({
      warehouseId: ["is not one of your warehouses (Settings > Warehouses and routing)"],
      "boxes.0.lines.0.sku": ["is not a SKU of your catalogue"],
    });
    expect(s.sandbox.state().inbounds.size).toBe(0);

    // Only the provider knows which SKUs it has: its refusal comes back at the line, in the second box.
    await seedCatalogue(s.db, s.shop, [{ sku: "POSTER-UNREG", name: "Poster" }]);
    const unregistered = await refusalOf(
      await send({
        "boxes.4.weight": "300",
        "boxes.4.length": "60",
        "boxes.4.width": "5",
        "boxes.4.height": "5",
        "boxes.4.lines.2.sku": "MUG-CER-350-WHT",
        "boxes.4.lines.2.quantity": "1",
        "boxes.4.lines.9.sku": "POSTER-UNREG",
        "boxes.4.lines.9.quantity": "3",
      }),
    );
    expect(unregistered).toMatchObject({
      problem: "The provider refused the shipment: SKU POSTER-UNREG is not registered; create it first (merchant SKU).",
      result: { error: { "boxes.4.lines.9.sku": ["SKU POSTER-UNREG is not registered; create it first (merchant SKU)"] } },
    });
    expect(s.sandbox.state().inbounds.size).toBe(0);
  });

  it("sends boxes to the warehouse with store SKUs as their provider SKUs, lists the shipment and shows the provider's id", async () => {
    const s = stack();
    await seedCatalogue(s.db, s.shop, [{ sku: "SHOP-MUG", name: "Mug as the shop sells it" }]);
    await saveShopSettings(s.db, s.shop, {
      warehouses: [{ warehouseId: "US01" }],
      skus: { bySku: { "SHOP-MUG": { providerSku: "MUG-CER-350-WHT" } } },
    });
    const id = await sent({
      "boxes.1.weight": "2500",
      "boxes.1.length": "30",
      "boxes.1.width": "20",
      "boxes.1.height": "20.5",
      "boxes.1.lines.0.sku": "SHOP-MUG",
      "boxes.1.lines.0.quantity": "6",
    });

    const atProvider = s.sandbox.state().inbounds.get("IN-TEST-1");
    expect(atProvider).toMatchObject({
      warehouseId: "US01",
      shippingType: "Sea",
      boxes: [
        { customContainerNo: "CARTON-1", skus: [{ sku: "TEA-GREEN-100G", quantity: 24 }] },
        { skus: [{ sku: "MUG-CER-350-WHT", quantity: 6 }] },
      ],
    });
    const shipment = await detail(id);
    expect(shipment).toMatchObject({ reference: "IN-TEST-1", providerId: atProvider?.svcOrderId, state: "ON_THE_WAY" });
    expect(shipment.boxes[1]?.lines).toEqual([{ sku: "SHOP-MUG", providerSku: "MUG-CER-350-WHT", quantity: 6 }]);
    const list = ListData.parse(await (await adminData(s, "/app/inbound", LIST)).json());
    expect(list.rows).toEqual([
      {
        id,
        reference: "IN-TEST-1",
        providerId: atProvider?.svcOrderId ?? "",
        warehouseId: "US01",
        state: "ON_THE_WAY",
        boxes: 2,
        units: 30,
        sentAt: expect.any(String),
        receivedAt: null,
      },
    ]);
    // The app looks for its arrival later (decision 0016).
    expect(await s.db.job.count({ where: { kind: "inbound.check", shop: s.shop, status: "PENDING" } })).toBe(1);

    // The same reference again is refused at its field: it names one shipment.
    expect((await refusalOf(await send({}))).result?.error).toEqual({
      reference: ["is already the reference of another of your inbound shipments"],
    });
    expect((await adminDocument(s, `/app/inbound/${id}`)).text).toContain(atProvider?.svcOrderId ?? "?");
  });

  it("changes the boxes while on the way; once the warehouse received it, says so, syncs the stock and keeps the boxes", async () => {
    const s = stack();
    const id = await sent({ reference: "IN-TEST-2" });
    const boxes = {
      intent: "boxes",
      "boxes.0.weight": "5000",
      "boxes.0.length": "40",
      "boxes.0.width": "30",
      "boxes.0.height": "30",
      "boxes.0.lines.0.sku": "TEA-GREEN-100G",
      "boxes.0.lines.0.quantity": "30",
    };
    expect((await act(id, { ...boxes, "boxes.0.lines.0.quantity": "-1" })).answer).toMatchObject({
      ok: false,
      result: { error: { "boxes.0.lines.0.quantity": ["must be at least 1 unit"] } },
    });
    expect(await act(id, boxes)).toEqual({
      status: 200,
      answer: { intent: "boxes", ok: true, tone: "success", message: "Boxes saved: the provider has the new boxes." },
    });
    expect(s.sandbox.state().inbounds.get("IN-TEST-2")?.boxes).toEqual([{ skus: [{ sku: "TEA-GREEN-100G", quantity: 30 }] }]);
    expect((await detail(id)).boxes).toEqual([
      {
        label: null,
        weightGrams: 5000,
        lengthCm: 40,
        widthCm: 30,
        heightCm: 30,
        lines: [{ sku: "TEA-GREEN-100G", providerSku: "TEA-GREEN-100G", quantity: 30 }],
      },
    ]);

    expect((await act(id, { intent: "check" })).answer).toMatchObject({
      ok: true,
      message: "Still on its way: the warehouse has not received it yet. The app looks again every hour.",
    });
    expect(s.sandbox.state().inbounds.get("IN-TEST-2")?.boxes).toEqual([{ skus: [{ sku: "TEA-GREEN-100G", quantity: 30 }] }]);
    expect(await s.db.job.count({ where: { kind: "stock.sync", shop: s.shop } })).toBe(0);

    s.sandbox.advanceClock(60_000);
    expect((await act(id, { intent: "check" })).answer).toMatchObject({
      ok: true,
      tone: "success",
      message: "Received by the warehouse: its stock is being written into Shopify.",
    });
    expect(await detail(id)).toMatchObject({ state: "RECEIVED" });
    const sync = await s.db.job.findFirst({ where: { kind: "stock.sync", shop: s.shop, status: "PENDING" } });
    expect(sync && JSON.parse(sync.payload)).toEqual({ shop: s.shop, trigger: "PROVIDER_CHANGE" });

    expect((await act(id, { ...boxes, "boxes.0.lines.0.quantity": "1" })).answer).toMatchObject({
      ok: true,
      tone: "warning",
      message: expect.stringMatching(/^Not changed: the warehouse has already received this shipment/),
    });
    expect(s.sandbox.state().inbounds.get("IN-TEST-2")?.boxes).toEqual([{ skus: [{ sku: "TEA-GREEN-100G", quantity: 30 }] }]);
  });

  it("never shows or changes another shop's shipment, and nothing without a session token", async () => {
    const s = stack();
    const theirs = await saveInboundShipment(s.db, OTHER_SHOP, {
      reference: "THEIR-IN-1",
      providerId: "IB-THEIRS",
      warehouseId: "JP09",
      shippingType: "Air",
      plannedArrival: null,
      remark: null,
      boxes: [],
    });
    expect(JSON.stringify(await (await adminData(s, "/app/inbound", LIST)).json())).not.toContain("THEIR-IN-1");
    expect((await adminData(s, `/app/inbound/${theirs.id}`, DETAIL)).status).toBe(404);
    expect((await adminData(s, `/app/inbound/${theirs.id}`, DETAIL, { form: { intent: "check" } })).status).toBe(404);

    for (const [path, route] of [
      ["/app/inbound", LIST],
      ["/app/inbound/new", NEW],
      [`/app/inbound/${theirs.id}`, DETAIL],
    ] as const) {
      const load = await adminData(s, path, route, { signedIn: false });
      expect(load.status).toBe(204);
      expect(load.headers.get("X-Remix-Redirect")).toBe("/auth/login");
    }
    const post = await adminData(s, "/app/inbound/new", NEW, { signedIn: false, form: form({ reference: "IN-NO-TOKEN" }) });
    expect(post.status).not.toBe(200);
    expect(s.sandbox.state().inbounds.has("IN-NO-TOKEN")).toBe(false);
  });

  it("answers in the admin's language: a Chinese admin is told each wrong field, the provider's refusal and the arrival in Chinese", async () => {
    const s = stack();
    const inChinese = async (path: string, route: string, fields: Record<string, string>) =>
      adminData(s, `${path}?locale=zh-CN`, route, { form: fields });
    // A reference no shipment above took.
    const zhForm = (fields: Record<string, string>) => form({ reference: "IN-ZH-0", ...fields });
    const wrong = await refusalOf(
      await inChinese(
        "/app/inbound/new",
        NEW,
        zhForm({ "boxes.0.length": "4O", "boxes.0.width": "", "boxes.2.weight": "100", arrival: "2026-13-45" }),
      ),
    );
    expect(wrong.result?.error).toEqual({
      arrival: ["不是有效日期"],
      "boxes.0.length": ["必须是数字，例如 12.5"],
      "boxes.0.width": ["为必填项"],
      "boxes.2.length": ["为必填项"],
      "boxes.2.width": ["为必填项"],
      "boxes.2.height": ["为必填项"],
      "boxes.2.lines": ["请至少向这个箱子添加一个 SKU。"],
    });
    // The provider's request rules too, each at its field.
    const broken = await refusalOf(
      await inChinese(
        "/app/inbound/new",
        NEW,
        zhForm({
          reference: "IN 1",
          "boxes.0.weight": "0",
          "boxes.0.height": "30.123",
          "boxes.0.lines.0.quantity": "99999999999999999999",
          "boxes.0.length": "-4",
          remark: "x".repeat(201),
        }),
      ),
    );
    expect(broken.result?.error).toEqual({
      reference: ["只能包含字母、数字、连字符 (-) 和下划线 (_)"],
      remark: ["不能超过 200 个字符"],
      "boxes.0.weight": ["必须大于 0 克"],
      "boxes.0.length": ["必须大于 0"],
      "boxes.0.height": ["最多保留 2 位小数"],
      "boxes.0.lines.0.quantity": ["不能多于 2,147,483,647 件"],
    });
    expect(
      (await refusalOf(await inChinese("/app/inbound/new", NEW, zhForm({ warehouseId: "JP09", "boxes.0.lines.0.sku": "THEIR-ONLY-SKU" }))))
        .result?.error,
    ).toEqual({ warehouseId: ["不是您的仓库（设置 > 仓库与路由）"], "boxes.0.lines.0.sku": ["不是您商品目录中的 SKU"] });
    // The provider's own words stay as it said them, inside the Chinese sentence.
    await seedCatalogue(s.db, s.shop, [{ sku: "POSTER-UNREG", name: "Poster" }]);
    expect(await refusalOf(await inChinese("/app/inbound/new", NEW, zhForm({ "boxes.0.lines.0.sku": "POSTER-UNREG" })))).toMatchObject({
      problem: "服务商拒绝了这张入库单：SKU POSTER-UNREG is not registered; create it first (merchant SKU)。",
    });
    expect(s.sandbox.state().inbounds.has("IN-ZH-0")).toBe(false);

    const id = await sent({ reference: "IN-ZH-1" });
    const check = await inChinese(`/app/inbound/${id}`, DETAIL, { intent: "check" });
    expect(Answer.parse(await check.json())).toMatchObject({ ok: true, message: "仍在运输中：仓库尚未收货。应用每小时会再查询一次。" });
    const page = (await adminDocument(s, `/app/inbound/${id}?locale=zh-CN`)).text;
    expect(page).toContain("发往仓库 US01 的入库单");
    expect(page).toContain("立即查询到货");
  });
});
