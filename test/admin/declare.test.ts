/**
 * Correcting a drop-ship package's customs declaration on the shipment page, over HTTP as the
 * embedded admin posts it, against the stack's sandbox: a valid correction is sent (operation 10)
 * and recorded with what changed, and the form then starts from it; a form with bad fields names
 * each one and sends nothing; the provider's refusal (a package it does not know, a parcel it has
 * shipped) is said in words and recorded; a package not at the provider gets no form.
 */
import type { Prisma, ShipmentState } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { encodePackageRequest } from "~/connector";
import { createFulfilmentClient, staticToken } from "~/fulfilment";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { useStack } from "../support/stack";
import * as example from "../provider/examples";
import { zhCN } from "~/lib/words/zh-CN";
import { adminData, adminDocument } from "./support";

const stack = useStack({ worker: false });

const DETAIL = "routes/app.shipments.$id";
const Declaration = z.union([
  z.object({
    allowed: z.literal(true),
    lastDeclaredAt: z.string().nullable(),
    values: z.object({
      weight: z.string(),
      lines: z.array(z.object({ sku: z.string(), hsCode: z.string(), declareValue: z.string(), declareNameEn: z.string() })),
    }),
  }),
  z.object({ allowed: z.literal(false), why: z.string() }),
]);
const PageData = z.object({ declaration: Declaration });
const Answer = z.object({
  intent: z.literal("declare"),
  outcome: z.enum(["declared", "invalid", "refused"]),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })),
});

let sequence = 0;

async function insertShipment(state: ShipmentState, fields: Partial<Prisma.ShipmentUncheckedCreateInput> = {}) {
  sequence += 1;
  const packageId = `DECLARE-${Date.now()}-${sequence}`;
  return stack().db.shipment.create({
    data: {
      shop: stack().shop,
      kind: "DROPSHIP",
      state,
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${960_000 + sequence}`,
      orderId: `gid://shopify/Order/${860_000 + sequence}`,
      orderName: `#D${sequence}`,
      packageId,
      serviceCode: "US01-STD",
      warehouseCode: "SZ-HUB",
      requestSent: encodePackageRequest({ kind: "DROPSHIP", body: example.dropshipToNewYork(packageId) }),
      submittedAt: state === "HELD" ? null : new Date(),
      attempts: state === "HELD" ? 0 : 1,
      ...fields,
    },
  });
}

async function atTheProvider(packageId: string) {
  const s = stack();
  await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
  const client = createFulfilmentClient({ baseUrl: s.sandboxUrl, auth: staticToken("declare-test") });
  await client.createDropship(example.createDropship(example.dropshipToNewYork(packageId)));
}

/** The form as the page posts it: every field of the package and of its one line. */
function form(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "declare",
    weight: "340",
    length: "30",
    width: "22",
    height: "4.5",
    vatCode: "",
    ioss: "",
    "lines.0.declareNameEn": "Cotton T-shirt",
    "lines.0.declareNameCn": "棉质T恤",
    "lines.0.declareValue": "12.5",
    "lines.0.hsCode": "610910",
    "lines.0.weight": "160",
    "lines.0.materialEn": "100% cotton",
    ...changes,
  };
}

async function declare(id: string, values: Record<string, string>, locale = "en") {
  const response = await adminData(stack(), `/app/shipments/${id}?locale=${locale}`, DETAIL, { form: values });
  expect(response.status, stack().logs().slice(-3_000)).toBe(200);
  return Answer.parse(await response.json());
}

const pageData = async (id: string) => PageData.parse(await (await adminData(stack(), `/app/shipments/${id}`, DETAIL)).json());
const TimelineData = z.object({ shipment: z.object({ timeline: z.array(z.object({ type: z.string(), message: z.string() })) }) });
/** The timeline as a Chinese admin reads it on the shipment page. */
const chineseTimeline = async (id: string) =>
  TimelineData.parse(await (await adminData(stack(), `/app/shipments/${id}?locale=zh-CN`, DETAIL)).json()).shipment.timeline;

describe("correcting a drop-ship package's customs declaration", () => {
  it("starts from what was sent, sends a valid correction, records what changed and starts from it next time", async () => {
    const shipment = await insertShipment("SUBMITTED");
    await atTheProvider(shipment.packageId);
    const before = await pageData(shipment.id);
    expect(before.declaration).toMatchObject({
      allowed: true,
      lastDeclaredAt: null,
      values: { weight: "340", lines: [{ sku: "TSHIRT-BLK-M", hsCode: "610910", declareValue: "12.5" }] },
    });

    const answer = await declare(shipment.id, form({ "lines.0.hsCode": "61091000", "lines.0.declareValue": "14", weight: "360" }));
    expect(answer).toMatchObject({ outcome: "declared", errors: [] });
    expect(answer.message).toContain("TSHIRT-BLK-M: HS code 610910 → 61091000");
    // The provider holds the corrected declaration, with the address of the package as sent.
    expect(stack().sandbox.state().dropships.get(shipment.packageId)?.declaration).toMatchObject({
      PackageId: shipment.packageId,
      Weight: 360,
      Skus: [{ Sku: "TSHIRT-BLK-M", Quantity: 2, HsCode: "61091000", DeclareValue: 14 }],
      ShipToAddress: { Country: example.dropshipToNewYork().ShipToAddress.Country },
    });

    const events = await stack().db.shipmentEvent.findMany({ where: { shipmentId: shipment.id } });
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe("declared");
    expect(events[0]?.message).toBe(
      "Customs declaration sent to the provider and accepted: weight (g) 340 → 360; TSHIRT-BLK-M: value 12.5 → 14; TSHIRT-BLK-M: HS code 610910 → 61091000.",
    );
    // The timeline keeps no address: it outlives a customer's redaction.
    expect(events[0]?.data).not.toContain("New York");
    // A Chinese admin reads each change by the form's own names.
    expect((await chineseTimeline(shipment.id)).map((event) => event.message)).toEqual([
      "报关信息已发送给服务商并被接受：包裹重量（克）由 340 改为 360；TSHIRT-BLK-M 的单件申报价值由 12.5 改为 14；TSHIRT-BLK-M 的 HS 编码由 610910 改为 61091000。",
    ]);
    const again = await declare(shipment.id, form({ "lines.0.hsCode": "61091000", "lines.0.declareValue": "14", weight: "360" }), "zh-CN");
    expect(again).toMatchObject({ outcome: "declared", message: "报关信息已发送：服务商已接受（没有更改，按原样重新发送）。" });

    const after = await pageData(shipment.id);
    expect(after.declaration).toMatchObject({
      allowed: true,
      values: { weight: "360", lines: [{ hsCode: "61091000", declareValue: "14" }] },
    });
    expect(after.declaration.allowed && after.declaration.lastDeclaredAt).toBeTruthy();

    const page = await adminDocument(stack(), `/app/shipments/${shipment.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Customs declaration");
    expect(page.text).toContain("then Save in the bar at the top to send it again.");
  });

  it("names every field to fix and sends nothing", async () => {
    const shipment = await insertShipment("CREATED");
    await atTheProvider(shipment.packageId);
    const answer = await declare(
      shipment.id,
      form({ weight: "", "lines.0.hsCode": "61-09", "lines.0.declareValue": "twelve", "lines.0.declareNameEn": "T-shirt ✓", ioss: "IM12" }),
    );
    expect(answer.outcome).toBe("invalid");
    expect(answer.errors).toEqual(
      expect.arrayContaining([
        { field: "weight", label: "Package weight (g)", message: "is required" },
        { field: "ioss", label: "IOSS number", message: "must be IM followed by 10 digits" },
        { field: "lines.0.hsCode", label: "HS code (line 1, TSHIRT-BLK-M)", message: "must be empty or 6 to 50 digits" },
        {
          field: "lines.0.declareValue",
          label: "Declared value per unit (line 1, TSHIRT-BLK-M)",
          message: "must be a number such as 12.5",
        },
        expect.objectContaining({ field: "lines.0.declareNameEn", label: "Declared name in English (line 1, TSHIRT-BLK-M)" }),
      ]),
    );
    // A Chinese admin is told each field and its rule in Chinese.
    const chinese = await declare(
      shipment.id,
      form({ weight: "", "lines.0.hsCode": "61-09", "lines.0.declareValue": "twelve", "lines.0.declareNameEn": "T-shirt ✓", ioss: "IM12" }),
      "zh-CN",
    );
    expect(chinese.outcome).toBe("invalid");
    expect(chinese.errors).toEqual(
      expect.arrayContaining([
        { field: "weight", label: "包裹重量（克）", message: "为必填项" },
        { field: "ioss", label: "IOSS 编号", message: "必须是 IM 加 10 位数字" },
        { field: "lines.0.hsCode", label: "HS 编码（第 1 行，TSHIRT-BLK-M）", message: "须留空，或填写 6 到 50 位数字" },
        { field: "lines.0.declareValue", label: expect.stringContaining("（第 1 行，TSHIRT-BLK-M）"), message: "必须是数字，例如 12.5" },
        {
          field: "lines.0.declareNameEn",
          label: "英文申报品名（第 1 行，TSHIRT-BLK-M）",
          message: "只能包含字母、数字、空格和 _ - ( ) ' & , |（不能有重音字母或其他符号）",
        },
      ]),
    );
    expect(await stack().db.shipmentEvent.count({ where: { shipmentId: shipment.id } })).toBe(0);
  });

  it("the provider refusing: a package it does not know, a parcel it has shipped; said and recorded", async () => {
    const unknown = await insertShipment("SUBMITTED");
    await saveShopSettings(stack().db, stack().shop, { mode: "sandbox", providerBaseUrl: stack().sandboxUrl });
    const refused = await declare(unknown.id, form());
    expect(refused).toMatchObject({ outcome: "refused" });
    expect(refused.message).toContain(`The provider does not know package ${unknown.packageId}`);
    const recorded = await stack().db.shipmentEvent.findMany({ where: { shipmentId: unknown.id } });
    expect(recorded.map((event) => event.type)).toEqual(["declaration_refused"]);
    expect((await chineseTimeline(unknown.id)).map((event) => event.message)).toEqual([
      `服务商查不到包裹 ${unknown.packageId}，因此拒绝了该报关信息。请从服务商刷新该发货单；如果它从未在服务商处创建，请重试该订单。`,
    ]);

    const shipped = await insertShipment("FULFILLED");
    await atTheProvider(shipped.packageId);
    await fetch(`${stack().sandboxUrl}/__sandbox/packages/${shipped.packageId}`, {
      method: "POST",
      body: JSON.stringify({ handleStatus: "Shipped" }),
    });
    const late = await declare(shipped.id, form({ "lines.0.declareValue": "9" }));
    expect(late).toMatchObject({
      outcome: "refused",
      message: "Not sent: the provider reports the parcel as Shipped, so its customs declaration can no longer be changed.",
    });
    expect(await declare(shipped.id, form({ "lines.0.declareValue": "9" }), "zh-CN")).toMatchObject({
      outcome: "refused",
      message: "未发送：服务商报告该包裹的状态为 Shipped，其报关信息已无法更改。",
    });
  });

  it("says the provider could not be reached in the admin's words, not the client's English, and records nothing", async () => {
    const down = await insertShipment("SUBMITTED");
    await atTheProvider(down.packageId);
    // Every attempt's connection dropped: more than the client's retries.
    const faults = `${stack().sandboxUrl}/__sandbox/faults`;
    await fetch(faults, { method: "POST", body: JSON.stringify({ operation: "*", kind: "drop", count: 10 }) });
    try {
      expect(await declare(down.id, form(), "zh-CN")).toMatchObject({
        outcome: "refused",
        message: `报关信息未发送，没有任何更改。${zhCN.providerProblems.unreachable}`,
      });
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
    expect(await stack().db.shipmentEvent.count({ where: { shipmentId: down.id } })).toBe(0);
  });

  it("offers no form for a package the provider has not accepted, an outbound one, or a delivered one", async () => {
    const cases: [ShipmentState, "DROPSHIP" | "OUTBOUND", RegExp][] = [
      ["HELD", "DROPSHIP", /has not reached the provider yet/],
      ["SUBMITTED", "OUTBOUND", /drop-ship packages only/],
      ["DELIVERED", "DROPSHIP", /The parcel is delivered: its declaration can no longer be changed/],
    ];
    for (const [state, kind, why] of cases) {
      const shipment = await insertShipment(state, { kind });
      const data = await pageData(shipment.id);
      expect(data.declaration).toMatchObject({ allowed: false, why: expect.stringMatching(why) });
      const answer = await declare(shipment.id, form());
      expect(answer).toMatchObject({ outcome: "refused", message: expect.stringMatching(why) });
      expect(await stack().db.shipmentEvent.count({ where: { shipmentId: shipment.id } })).toBe(0);
    }
    const held = await insertShipment("HELD", { kind: "DROPSHIP" });
    expect(await declare(held.id, form(), "zh-CN")).toMatchObject({
      outcome: "refused",
      message: "包裹尚未到达服务商：请修正订单并发送；服务商接收后即可修正其报关信息。",
    });
  });
});
