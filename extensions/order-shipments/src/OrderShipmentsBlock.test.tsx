/** @jsxImportSource preact */
// @vitest-environment happy-dom
/**
 * The block as a merchant sees it on the order page, rendered with Preact into a DOM, with the
 * extension's boundary faked: `shopify.data` (the selected order), `shopify.auth.idToken()` and
 * `fetch` answering as the app's route does (its contract's shapes; the route itself is tested over
 * HTTP in test/admin/order-block.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { render } from "preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STATE_WORDS } from "../../../app/components/shipment-state-words";
import { zhCN } from "../../../app/lib/words/zh-CN";
import type { OrderShipmentView, ShipmentActionAnswer } from "../../../app/routes/api.orders.$orderId.shipments/contract";
import { OrderShipmentsBlock, type BlockApi } from "./OrderShipmentsBlock";

const ORDER = "gid://shopify/Order/1001";

type Dictionary = { [key: string]: string | Dictionary };
const LOCALES = path.resolve(import.meta.dirname, "../locales");
const dictionary = (file: string) => JSON.parse(readFileSync(path.join(LOCALES, file), "utf8")) as Dictionary;
const keysOf = (words: Dictionary, prefix = ""): string[] =>
  Object.entries(words).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

/**
 * Shopify's i18n.translate as the admin runs it for the block: the admin's language's file, else the
 * default's, `{{name}}` replaced; an unknown key answers itself.
 */
function translateIn(file: string): BlockApi["i18n"]["translate"] {
  const own = dictionary(file);
  const fallback = dictionary("en.default.json");
  const lookUp = (words: Dictionary, key: string) =>
    key.split(".").reduce<string | Dictionary | undefined>((at, part) => (typeof at === "object" ? at[part] : undefined), words);
  return (key, options = {}) => {
    const found = lookUp(own, key) ?? lookUp(fallback, key);
    if (typeof found !== "string") return key;
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ""));
  };
}

const api = {
  data: { selected: [{ id: ORDER }] },
  auth: { idToken: async () => "session-token-1" },
  i18n: { translate: translateIn("en.default.json") },
} satisfies BlockApi;

const held: OrderShipmentView = {
  id: "shp_1",
  packageId: "1001-1",
  state: { code: "HELD", label: "On hold", tone: "warning" },
  warehouse: "Drop-ship via SZ-HUB",
  service: "US01-EXP",
  tracking: [],
  reason: "The recipient's phone number is missing.",
  reasons: [{ field: "Phone", message: "The recipient's phone number is missing." }],
  actions: ["retry"],
};

const fulfilled: OrderShipmentView = {
  id: "shp_2",
  packageId: "1001-2",
  state: { code: "FULFILLED", label: "Fulfilled", tone: "success" },
  warehouse: "Outbound from warehouse US01",
  service: "US01-STD",
  tracking: [
    { number: "9400100000000000000091", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000091" },
    { number: "9400100000000000000092", url: null },
  ],
  reason: null,
  reasons: [],
  actions: [],
};

const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Call = { url: string; init: RequestInit | undefined };

function fakeFetch(answers: ((call: Call) => Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const answer = answers[calls.length - 1];
    if (answer === undefined) throw new Error(`unexpected call ${calls.length}: ${init?.method ?? "GET"} ${url}`);
    return answer(call);
  };
  return { fetch, calls };
}

/** What the merchant reads: the rendered text, with the whitespace of the markup folded. */
const seen = () => (document.body.textContent ?? "").replace(/\s+/g, " ").trim();

function show(fetch: ReturnType<typeof fakeFetch>["fetch"], blockApi: BlockApi = api) {
  render(<OrderShipmentsBlock api={blockApi} fetch={fetch} />, document.body);
}

const buttonNamed = (name: string) => [...document.querySelectorAll("s-button")].find((button) => button.textContent?.trim() === name);

afterEach(() => {
  render(null, document.body);
});

describe("the order page block", () => {
  it("shows loading, then each shipment's state, warehouse, tracking links and reason, with Retry only where allowed", async () => {
    let answer: (response: Response) => void = () => {};
    const { fetch, calls } = fakeFetch([() => new Promise<Response>((resolve) => (answer = resolve))]);
    show(fetch);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(seen()).toContain("Loading shipments…");
    // The route is asked to answer in the language of the block's own words.
    expect(calls[0]?.url).toBe("/api/orders/1001/shipments?locale=en");
    expect(calls[0]?.init?.headers).toMatchObject({ Authorization: "Bearer session-token-1" });

    answer(jsonAnswer({ orderId: ORDER, shipments: [held, fulfilled] }));
    await vi.waitFor(() => expect(seen()).toContain("On hold"));
    expect(seen()).not.toContain("Loading shipments…");
    expect(seen()).toContain("Drop-ship via SZ-HUB");
    expect(seen()).toContain("The recipient's phone number is missing.");
    expect(seen()).toContain("Fulfilled");
    expect(seen()).toContain("Outbound from warehouse US01");
    const links = [...document.querySelectorAll("s-link")].map((link) => ({ text: link.textContent, href: link.getAttribute("href") }));
    expect(links).toEqual([
      { text: "9400100000000000000091", href: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000091" },
    ]);
    // A parcel without a web address is shown as its number, not as a link.
    expect(seen()).toContain("9400100000000000000092");
    expect([...document.querySelectorAll("s-badge")].map((badge) => [badge.textContent, badge.getAttribute("tone")])).toEqual([
      ["On hold", "warning"],
      ["Fulfilled", "success"],
    ]);
    expect([...document.querySelectorAll("s-button")].map((button) => button.textContent?.trim())).toEqual(["Retry"]);
  });

  it("says so when the order has no shipments from the warehouses", async () => {
    const { fetch } = fakeFetch([() => jsonAnswer({ orderId: ORDER, shipments: [] })]);
    show(fetch);
    await vi.waitFor(() => expect(seen()).toBe("No shipments from the warehouses for this order yet"));
  });

  it("shows the app's refusal and loads again on Try again", async () => {
    const { fetch, calls } = fakeFetch([
      () => jsonAnswer({ error: "No such order in this shop." }, 404),
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => jsonAnswer({ orderId: ORDER, shipments: [fulfilled] }),
    ]);
    show(fetch);
    await vi.waitFor(() => expect(seen()).toContain("No such order in this shop."));
    // The banner's heading, which Shopify's s-banner draws from its attribute.
    expect(document.querySelector("s-banner")?.getAttribute("heading")).toBe("The shipments could not be loaded");
    expect(document.querySelector("s-banner")?.getAttribute("tone")).toBe("critical");

    buttonNamed("Try again")?.dispatchEvent(new Event("click"));
    await vi.waitFor(() => expect(seen()).toContain("The app could not be reached. Check your connection and try again."));
    buttonNamed("Try again")?.dispatchEvent(new Event("click"));
    await vi.waitFor(() => expect(seen()).toContain("Fulfilled"));
    expect(document.querySelector("s-banner")).toBeNull();
    expect(calls).toHaveLength(3);
  });

  it("retries a held shipment: posts it with the session token, then shows the outcome and the shipment as it is now", async () => {
    const sent: ShipmentActionAnswer = {
      outcome: "sent",
      message: "Sent to the provider now as package 1001-1 (created); tracking follows once it is created.",
      reasons: [],
      shipments: [
        { ...held, state: { code: "SUBMITTED", label: "Sent to provider", tone: "info" }, reason: null, reasons: [], actions: [] },
      ],
    };
    const { fetch, calls } = fakeFetch([() => jsonAnswer({ orderId: ORDER, shipments: [held] }), () => jsonAnswer(sent)]);
    show(fetch);
    await vi.waitFor(() => expect(buttonNamed("Retry")).toBeDefined());

    buttonNamed("Retry")?.dispatchEvent(new Event("click"));
    await vi.waitFor(() => expect(seen()).toContain("Sent to the provider now as package 1001-1"));
    expect(calls[1]?.init).toMatchObject({
      method: "POST",
      headers: { Authorization: "Bearer session-token-1", "Content-Type": "application/json" },
    });
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ shipmentId: "shp_1", action: "retry" });
    expect(seen()).toContain("Sent to provider");
    expect(seen()).not.toContain("The recipient's phone number is missing.");
    expect(buttonNamed("Retry")).toBeUndefined();
    expect(document.querySelector("s-banner")?.getAttribute("tone")).toBe("success");
  });

  it("shows each field the provider refused when a send is held", async () => {
    const refused: ShipmentActionAnswer = {
      outcome: "held",
      message: "The provider refused the package: correct what it names, then retry.",
      reasons: [
        {
          field: "Package.ShipToAddress.Postcode",
          message: "The provider refused Package.ShipToAddress.Postcode: must be at most 10 characters. Correct it, then retry.",
        },
      ],
      shipments: [
        { ...held, reason: "The provider refused Package.ShipToAddress.Postcode: must be at most 10 characters. Correct it, then retry." },
      ],
    };
    const ready = {
      ...held,
      state: { code: "READY", label: "Waiting to send", tone: "info" as const },
      reason: null,
      reasons: [],
      actions: ["send" as const],
    };
    const { fetch, calls } = fakeFetch([() => jsonAnswer({ orderId: ORDER, shipments: [ready] }), () => jsonAnswer(refused)]);
    show(fetch);
    await vi.waitFor(() => expect(buttonNamed("Send now")).toBeDefined());

    buttonNamed("Send now")?.dispatchEvent(new Event("click"));
    await vi.waitFor(() => expect(seen()).toContain("The provider refused the package: correct what it names, then retry."));
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ shipmentId: "shp_1", action: "send" });
    expect([...document.querySelectorAll("s-banner s-list-item")].map((item) => item.textContent)).toEqual([
      "The provider refused Package.ShipToAddress.Postcode: must be at most 10 characters. Correct it, then retry.",
    ]);
    expect(document.querySelector("s-banner")?.getAttribute("tone")).toBe("warning");
  });

  it("speaks the admin's language: its own words and the states in Chinese, and asks the app for its reasons and answers in Chinese", async () => {
    const chinese = { ...api, i18n: { translate: translateIn("zh-CN.json") } } satisfies BlockApi;
    // What the route answers when asked in Chinese: its states, warehouse, reasons and answers said in it.
    const noCity = zhCN.reasons.noCity();
    const heldInChinese: OrderShipmentView = {
      ...held,
      state: { code: "HELD", label: "暂缓", tone: "warning" },
      warehouse: "经 SZ-HUB 代发",
      reason: noCity,
      reasons: [{ field: "ShipToAddress.City", message: noCity }],
    };
    const stillHeld: ShipmentActionAnswer = {
      outcome: "held",
      message: zhCN.shipmentPage.stillOnHold,
      reasons: heldInChinese.reasons,
      shipments: [heldInChinese],
    };
    const { fetch, calls } = fakeFetch([
      () => jsonAnswer({ orderId: ORDER, shipments: [heldInChinese, { ...fulfilled, warehouse: "从仓库 US01 出库" }] }),
      () => jsonAnswer(stillHeld),
    ]);
    show(fetch, chinese);
    await vi.waitFor(() => expect(seen()).toContain("包裹 1001-1"));
    expect(calls[0]?.url).toBe("/api/orders/1001/shipments?locale=zh-CN");
    expect(document.querySelector("s-admin-block")?.getAttribute("heading")).toBe("仓库发货");
    expect([...document.querySelectorAll("s-badge")].map((badge) => badge.textContent)).toEqual(["暂缓", "已履约"]);
    expect(seen()).toContain("物流单号：");
    expect(seen()).toContain(noCity);
    expect([...document.querySelectorAll("s-button")].map((button) => button.textContent?.trim())).toEqual(["重试"]);

    buttonNamed("重试")?.dispatchEvent(new Event("click"));
    await vi.waitFor(() => expect(seen()).toContain("仍然暂缓：请修正以下问题，然后重试。"));
    expect(calls[1]?.url).toBe("/api/orders/1001/shipments?locale=zh-CN");
    expect([...document.querySelectorAll("s-banner s-list-item")].map((item) => item.textContent)).toEqual([noCity]);
    // Only the tracking numbers and codes are not Chinese.
    expect(seen()).not.toMatch(/Package|Tracking|Retry|On hold|Fulfilled|Drop-ship|Outbound|shipping address/);
  });

  it("has every word in every language, and a name for every state a shipment can be in", () => {
    const english = keysOf(dictionary("en.default.json")).sort();
    expect(keysOf(dictionary("zh-CN.json")).sort()).toEqual(english);
    for (const state of Object.keys(STATE_WORDS)) expect(english).toContain(`state.${state}`);
    // The English file says each state as the admin's badges do.
    const words = dictionary("en.default.json").state as Dictionary;
    for (const [state, { label }] of Object.entries(STATE_WORDS)) expect(words[state]).toBe(label);
  });
});
