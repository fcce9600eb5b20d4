/**
 * The order page block's route (extensions/order-shipments): the order's shipments (GET) and Send
 * or Retry on one of them (POST), as JSON, for the session's shop only. The block calls it from the
 * admin's origin with `Authorization: Bearer <session token>`; authenticate.admin checks the token
 * (HS256 with the app's secret, this app's audience), answers the CORS preflight (OPTIONS, which
 * Remix hands to the action) and adds CORS headers to what it answers. An order that is not the
 * shop's is 404, whether another shop's or none.
 *
 * The block sends the language it is shown in (`?locale=`, the admin's, as its own words are
 * chosen); the answer says the shipments' states, reasons and Send's and Retry's answers in it, and
 * so do its refusals (401, 404, a wrong field), which the block shows as they come.
 * Without one (a block deployed before it sent one) or with one not understood, English as stored:
 * not the browser's Accept-Language, which is not always the language the admin is set to.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { authenticate } from "~/shopify.server";
import { orderExists } from "~/shopify/orders.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { canonicalLocale } from "~/lib/locale";
import { wordsFor, type Words } from "~/lib/words";
import { en } from "~/lib/words/en";
import { shopFormatter } from "~/stores/shops/shop-time-zone.server";
import type { BlockError, OrderShipmentsAnswer } from "./contract";
import {
  actOnShipment,
  ActionForm,
  actionFormRefusal,
  ENGLISH_AS_STORED,
  OrderIdParam,
  orderShipments,
  type BlockLanguage,
} from "./order-shipments.server";

// Not Response.json: Remix's Node globals replace Response with one that lacks it.
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
const refusal = (status: number, error: string, field?: string) =>
  json({ error, ...(field ? { field } : {}) } satisfies BlockError, status);

/** The locale the block named, when it named one Intl can read. */
const blockLocale = (request: Request) => canonicalLocale(new URL(request.url).searchParams.get("locale"));

/** The block's words for what the route refuses: known before the session is (a 401 has none), so no shop's formatter. */
function refusalWords(request: Request): Words["orderBlock"] {
  const locale = blockLocale(request);
  return locale === null ? en.orderBlock : wordsFor(locale).orderBlock;
}

/**
 * Without a session token the library would treat the call as a page load and redirect to the
 * login; the block gets the 401 an API answers, readable across origins.
 */
async function authenticateBlock(request: Request) {
  if (request.method !== "OPTIONS" && !request.headers.get("Authorization")) {
    const response = refusal(401, refusalWords(request).noSessionToken());
    if (request.headers.get("Origin")) {
      response.headers.set("Access-Control-Allow-Origin", "*");
      response.headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
    }
    throw response;
  }
  return authenticate.admin(request);
}

function orderIdOf(
  request: Request,
  params: LoaderFunctionArgs["params"],
): { ok: true; orderId: string } | { ok: false; response: Response } {
  const parsed = OrderIdParam.safeParse(params.orderId ?? "");
  if (parsed.success) return { ok: true, orderId: parsed.data };
  return { ok: false, response: refusal(400, refusalWords(request).notAnOrderId("orderId"), "orderId") };
}

/** The block's language: its words, and its times written in the shop's zone as the admin's pages write them. */
async function blockLanguage(request: Request, shop: string): Promise<BlockLanguage> {
  const locale = blockLocale(request);
  if (locale === null) return ENGLISH_AS_STORED;
  return { words: wordsFor(locale), format: await shopFormatter(prisma, shop, locale) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session, admin, cors } = await authenticateBlock(request);
  const order = orderIdOf(request, params);
  if (!order.ok) return cors(order.response);
  const shipments = await orderShipments(prisma, session.shop, order.orderId, await blockLanguage(request, session.shop));
  // No shipments: the shop's order not yet sent, or not the shop's order at all; Shopify knows which.
  if (shipments.length === 0 && !(await orderExists(admin, order.orderId))) return cors(refusal(404, refusalWords(request).noSuchOrder()));
  return cors(json({ orderId: order.orderId, shipments } satisfies OrderShipmentsAnswer));
}

async function bodyOf(request: Request): Promise<unknown> {
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) return request.json().catch(() => null);
  return Object.fromEntries(await request.formData());
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { session, cors } = await authenticateBlock(request);
  const order = orderIdOf(request, params);
  if (!order.ok) return cors(order.response);
  const form = ActionForm.safeParse(await bodyOf(request));
  if (!form.success) {
    const { field, error } = actionFormRefusal(refusalWords(request), form.error.issues);
    return cors(refusal(400, error, field));
  }
  const shipment = await prisma.shipment.findFirst({
    where: { id: form.data.shipmentId, shop: session.shop, orderId: order.orderId },
    select: { id: true },
  });
  if (shipment === null) return cors(refusal(404, refusalWords(request).noSuchShipmentOnOrder()));
  const language = await blockLanguage(request, session.shop);
  return cors(json(await actOnShipment(prisma, appPipelineDeps(), session.shop, order.orderId, form.data, language)));
}
