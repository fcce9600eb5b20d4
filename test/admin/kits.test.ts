/**
 * A variant set up as a kit on the Products pages, in the built app over HTTP as the embedded admin
 * reaches it: components checked against the provider's SKUs as the app last read them, each wrong
 * one refused at its row with what is wrong and nothing saved; a kit saved is a Kit in the list
 * (never offered for registration itself); its mapping removed, the variant is its own SKU again.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { seedKitToSetUp } from "../support/catalogue";
import { useStack } from "../support/stack";
import { adminData } from "./support";

const stack = useStack({ worker: false });

const KIT_PAGE = "routes/app.products.$sku_.kit";
const LIST = "routes/app.products._index";
const KIT = "GIFT-MUG-CANDLE";
const path = `/app/products/${KIT}/kit`;

const Answer = z.union([
  z.object({ ok: z.literal(true), message: z.string() }),
  z.object({
    ok: z.literal(false),
    message: z.string(),
    result: z.object({ error: z.record(z.string(), z.array(z.string()).nullable()).optional() }),
  }),
]);
const KitData = z.object({
  sku: z.string(),
  components: z.array(z.object({ sku: z.string(), quantity: z.number() })),
  providerSkus: z.array(z.string()),
});
const ListData = z.object({
  rows: z.array(
    z.object({
      sku: z.string().nullable(),
      state: z.string(),
      kit: z.array(z.object({ sku: z.string(), quantity: z.number() })).nullable(),
    }),
  ),
  /** What "Register all missing" counts on its button. */
  missingCount: z.number(),
});

async function kitRowInList() {
  const response = await adminData(stack(), `/app/products?q=${KIT}`, LIST);
  expect(response.status).toBe(200);
  const data = ListData.parse(await response.json());
  return { row: data.rows.find((row) => row.sku === KIT), missingCount: data.missingCount };
}

async function post(form: Record<string, string>) {
  const response = await adminData(stack(), path, KIT_PAGE, { form });
  return { status: response.status, answer: Answer.parse(await response.json()) };
}

const errorsOf = (answer: z.infer<typeof Answer>) => (answer.ok ? {} : (answer.result.error ?? {}));
const storedKit = () => stack().db.kitComponent.findMany({ where: { shop: stack().shop, kitSku: KIT }, orderBy: { position: "asc" } });

describe("a kit on the Products pages", () => {
  it("refuses wrong components at their rows, saves a kit, lists it as a Kit, and removes its mapping", async () => {
    const s = stack();
    await seedKitToSetUp(s.db, s.shop, { sku: KIT, name: "Gift set, mug and candle" });

    const page = KitData.parse(await (await adminData(s, path, KIT_PAGE)).json());
    expect(page).toMatchObject({ sku: KIT, components: [] });
    expect(page.providerSkus).toContain("MUG-CER-350-WHT");

    // Every wrong row at once, each named with what is wrong; nothing saved.
    const wrong = await post({
      "components.0.sku": "MUG-CER-350-WHT",
      "components.0.quantity": "2",
      "components.1.sku": "MUG-CERAMIC-WHITE",
      "components.1.quantity": "1",
      "components.2.sku": "MUG-CER-350-WHT",
      "components.2.quantity": "1.5",
      "components.3.sku": "",
      "components.3.quantity": "3",
      "components.4.sku": "CANDLE-SOY-200-LAV",
      "components.4.quantity": "0",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.answer.message).toBe(`The kit ${KIT} was not saved: correct the components shown.`);
    expect(errorsOf(wrong.answer)).toEqual({
      "components.1.sku": ["Component 2: MUG-CERAMIC-WHITE is not one of the provider's SKUs. Check the spelling, or register it first."],
      "components.2.sku": ["Component 3: MUG-CER-350-WHT is already component 1. Give it once, with its units per kit."],
      "components.2.quantity": ["Component 3: the units per kit must be a whole number of 1 or more, not 1.5."],
      "components.3.sku": ["Component 4: the provider SKU is required."],
      "components.4.quantity": ["Component 5: the units per kit must be a whole number of 1 or more, not 0."],
    });
    expect(await storedKit()).toEqual([]);

    // No component at all: a kit needs one.
    const empty = await post({ "components.0.sku": "", "components.0.quantity": "" });
    expect(empty.status).toBe(400);
    expect(errorsOf(empty.answer)).toEqual({ components: ["A kit needs one component at least: add the SKUs the warehouse picks."] });

    const saved = await post({
      "components.0.sku": "MUG-CER-350-WHT",
      "components.0.quantity": "2",
      "components.3.sku": " CANDLE-SOY-200-LAV ",
      "components.3.quantity": "1",
    });
    expect(saved).toMatchObject({ status: 200, answer: { ok: true, message: expect.stringMatching(/^Kit GIFT-MUG-CANDLE saved\./) } });
    expect((await storedKit()).map((row) => [row.componentSku, row.quantity])).toEqual([
      ["MUG-CER-350-WHT", 2],
      ["CANDLE-SOY-200-LAV", 1],
    ]);
    expect(KitData.parse(await (await adminData(s, path, KIT_PAGE)).json()).components).toEqual([
      { sku: "MUG-CER-350-WHT", quantity: 2 },
      { sku: "CANDLE-SOY-200-LAV", quantity: 1 },
    ]);
    // The list says it is a kit, and "Register all missing" leaves it out: the provider knows its components.
    const listed = await kitRowInList();
    expect(listed.row).toMatchObject({
      state: "KIT",
      kit: [
        { sku: "MUG-CER-350-WHT", quantity: 2 },
        { sku: "CANDLE-SOY-200-LAV", quantity: 1 },
      ],
    });

    const removed = await post({ intent: "remove" });
    expect(removed).toMatchObject({ status: 200, answer: { ok: true, message: expect.stringContaining("no longer a kit") } });
    expect(await storedKit()).toEqual([]);
    const after = await kitRowInList();
    expect(after.row).toMatchObject({ state: "NOT_REGISTERED", kit: null });
    // The kit's own SKU is one more to register once it is its own SKU again.
    expect(after.missingCount).toBe(listed.missingCount + 1);
  });

  it("answers nothing without a session token, and 404 for a SKU no variant of the shop has", async () => {
    const anonymous = await adminData(stack(), path, KIT_PAGE, { signedIn: false });
    expect(anonymous.status).not.toBe(200);
    const unknown = await adminData(stack(), "/app/products/NO-SUCH-VARIANT/kit", KIT_PAGE, {
      form: { "components.0.sku": "MUG-CER-350-WHT", "components.0.quantity": "1" },
    });
    expect(unknown.status).toBe(404);
    expect(await stack().db.kitComponent.count({ where: { kitSku: "NO-SUCH-VARIANT" } })).toBe(0);
  });

  it("answers an admin in Chinese in Chinese: the kit's, the SKU entry's and the list's refusals and what was saved", async () => {
    const s = stack();
    await seedKitToSetUp(s.db, s.shop, { sku: KIT, name: "Gift set, mug and candle" });
    const inChinese = async (to: string, route: string, form: Record<string, string>) => {
      const response = await adminData(s, `${to}${to.includes("?") ? "&" : "?"}locale=zh-CN`, route, { form });
      return { status: response.status, answer: Answer.parse(await response.json()) };
    };

    const wrong = await inChinese(path, KIT_PAGE, {
      "components.0.sku": "MUG-CERAMIC-WHITE",
      "components.0.quantity": "1.5",
      "components.1.sku": "",
      "components.1.quantity": "1",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.answer.message).toBe(`组合商品 ${KIT} 未保存：请更正标出的组件。`);
    expect(errorsOf(wrong.answer)).toEqual({
      "components.0.sku": ["组件 1：MUG-CERAMIC-WHITE 不是服务商的 SKU。请检查拼写，或先完成备案。"],
      "components.0.quantity": ["组件 1：每件组合的数量必须是大于等于 1 的整数，而不是 1.5。"],
      "components.1.sku": ["组件 2：必须填写服务商 SKU。"],
    });
    const saved = await inChinese(path, KIT_PAGE, { "components.0.sku": "MUG-CER-350-WHT", "components.0.quantity": "2" });
    expect(saved.answer).toMatchObject({ ok: true, message: expect.stringMatching(new RegExp(`^组合商品 ${KIT} 已保存。`)) });

    const entry = "routes/app.products.$sku";
    const sizeWrong = await inChinese(`/app/products/${KIT}`, entry, { lengthCm: "30", widthCm: "0", declaredName: "茶碗" });
    expect(sizeWrong.status).toBe(400);
    expect(sizeWrong.answer.message).toBe(`SKU ${KIT} 未保存：请更正标出的字段。`);
    expect(errorsOf(sizeWrong.answer)).toEqual({
      widthCm: ["必须大于 0"],
      heightCm: ["填写了另外两项尺寸时必填"],
      declaredName: ["只能包含英文字母、数字、空格和 _ - ( ) ' & , |（不能有重音字母或其他符号）"],
    });
    const entrySaved = await inChinese(`/app/products/${KIT}`, entry, { declaredName: "Gift set", hsCode: "6912.00" });
    expect(entrySaved.answer).toEqual({ ok: true, message: `SKU ${KIT} 已保存。此后它的备案和发货都会使用这些资料。` });

    const nothing = await adminData(s, "/app/products?index&locale=zh-CN", LIST, { form: { intent: "register" } });
    expect(await nothing.json()).toMatchObject({ ok: false, message: "没有要备案的 SKU：请先勾选要备案的行。" });
  });
});
