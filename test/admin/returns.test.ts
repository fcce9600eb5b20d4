/**
 * The merchant's Returns page in the built app, over HTTP as the embedded admin reaches it: the
 * shop's own returns only, newest first, with their state, tracking and reason; filtered; nothing
 * without a session token.
 */
import type { Prisma, ReturnState } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useStack } from "../support/stack";
import { adminData, adminDocument } from "./support";
import { returnErrorColumns } from "~/stores/returns/returns.server";
import { returnReasons } from "~/lib/words/en/return-reasons";
import { saidFrom } from "~/lib/words/reason-said";

const stack = useStack({ worker: false });

const LIST = "routes/app.returns";
const OTHER_SHOP = "other-shop.myshopify.com";

const ListData = z.object({
  filter: z.string(),
  page: z.number(),
  rows: z.array(
    z.object({
      id: z.string(),
      returnName: z.string(),
      orderName: z.string(),
      warehouseCode: z.string(),
      packageId: z.string(),
      svcPackageId: z.string().nullable(),
      serviceCode: z.string().nullable(),
      state: z.string(),
      units: z.number(),
      items: z.array(z.object({ sku: z.string(), quantity: z.number() })),
      trackingNumber: z.string().nullable(),
      trackingCarrier: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});

let sequence = 0;

/** A return as the returns flow would have left it, `minutesAgo` old. */
async function insertReturn(
  shop: string,
  state: ReturnState,
  { minutesAgo = 0, ...fields }: Partial<Prisma.CustomerReturnUncheckedCreateInput> & { minutesAgo?: number } = {},
) {
  sequence += 1;
  const at = new Date(Date.now() - minutesAgo * 60_000);
  return stack().db.customerReturn.create({
    data: {
      shop,
      state,
      returnId: `gid://shopify/Return/${700 + sequence}`,
      returnName: `#${1000 + sequence}-R1`,
      orderId: `gid://shopify/Order/${800 + sequence}`,
      orderName: `#${1000 + sequence}`,
      warehouseCode: "US01",
      locationId: "gid://shopify/Location/1",
      packageId: `RT-${700 + sequence}-US01`,
      lines: JSON.stringify([
        { reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/1", sku: "MUG-CER-350-WHT", title: "Mug", quantity: 2 },
      ]),
      units: 2,
      createdAt: at,
      updatedAt: at,
      ...fields,
    },
  });
}

describe("the returns list", () => {
  it("shows the shop's returns, newest first, never another shop's, and filters those needing attention", async () => {
    const s = stack();
    const restocked = await insertReturn(s.shop, "RESTOCKED", {
      minutesAgo: 30,
      serviceCode: "US01-STD",
      svcPackageId: "SVC-RT-1",
      trackingNumber: "1Z999AA10123456784",
      trackingCarrier: "UPS",
    });
    const refused = await insertReturn(s.shop, "FAILED", {
      minutesAgo: 5,
      ...returnErrorColumns("NO_SERVICE", saidFrom(returnReasons)("noService", "US01", "FR")),
    });
    // The provider's own words, which the app keeps as it said them in every language.
    const theProviders = await insertReturn(s.shop, "FAILED", {
      minutesAgo: 6,
      lastErrorCode: "E42",
      lastErrorText: "Warehouse closed for stocktaking",
    });
    const theirs = await insertReturn(OTHER_SHOP, "FAILED", { minutesAgo: 1, lastErrorText: "Another shop's problem." });

    const response = await adminData(s, "/app/returns", LIST);
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const all = ListData.parse(await response.json());
    const ids = all.rows.map((row) => row.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids.indexOf(refused.id)).toBeLessThan(ids.indexOf(restocked.id));
    expect(all.rows.find((row) => row.id === restocked.id)).toEqual({
      id: restocked.id,
      returnName: restocked.returnName,
      orderName: restocked.orderName,
      warehouseCode: "US01",
      packageId: restocked.packageId,
      svcPackageId: "SVC-RT-1",
      serviceCode: "US01-STD",
      state: "RESTOCKED",
      units: 2,
      items: [{ sku: "MUG-CER-350-WHT", quantity: 2 }],
      trackingNumber: "1Z999AA10123456784",
      trackingCarrier: "UPS",
      reason: null,
    });

    const attention = ListData.parse(await (await adminData(s, "/app/returns?filter=attention", LIST)).json());
    expect(attention.rows.map((row) => row.id)).toEqual([refused.id, theProviders.id]);
    // Why each stopped, in the admin's language.
    const inChinese = ListData.parse(await (await adminData(s, "/app/returns?filter=attention&locale=zh-CN", LIST)).json());
    expect(inChinese.rows.map((row) => row.reason)).toEqual([
      "仓库 US01 没有为 FR 设置服务，也没有默认服务：请在“设置 > 仓库与路由”中添加。",
      "Warehouse closed for stocktaking",
    ]);

    const everything = await adminDocument(s, "/app/returns");
    expect(everything.text).toContain(`Order ${restocked.orderName}`);
    expect(everything.text).toContain("SVC-RT-1 · US01-STD");
    expect(everything.text).toContain("1Z999AA10123456784");
    expect(everything.text).toContain("Restocked");

    const page = await adminDocument(s, "/app/returns?filter=attention");
    expect(page.status).toBe(200);
    expect(page.text).toContain(refused.returnName);
    expect(page.text).toContain("Provider refused");
    expect(page.text).toContain("No service of warehouse US01 is set for FR");
    expect(page.text).not.toContain("Another shop's problem.");
    const empty = await adminDocument(s, "/app/returns?filter=progress");
    expect(empty.text).toContain("No return is on its way back to a warehouse right now.");
  });

  it("is not shown without a session token", async () => {
    const response = await adminData(stack(), "/app/returns", LIST, { signedIn: false });
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Redirect")).toBe("/auth/login");
  });
});
