/**
 * Reading fulfillment orders in full: each with everything the connector needs to build its
 * package (its lines, its order's facts, customs data), several to a query, paced.
 */
import { z } from "zod";
import { dutiesCollectedAtCheckout } from "~/connector/duties-collected";
import { type FulfillmentOrderFacts, type MoneyBag, type OrderFacts } from "~/connector/fulfillment-order";
import {
  aliasedDocuments,
  aliasedResults,
  nextCursorOf,
  PageInfo,
  pacedCalls,
  runGraphql,
  type AdminGraphql,
  type PacedCalls,
} from "./admin-graphql.server";
import { ShopifyGraphqlError, ShopifyResponseShapeError } from "./errors";
import {
  type CompanyFacts,
  CountryHarmonizedSystemCode,
  FULFILLMENT_ORDER_LINE_FIELDS,
  FulfillmentOrderHeader,
  FulfillmentOrderLineNode,
  fulfillmentOrderFacts,
  INVENTORY_ITEM_FIELDS,
  InventoryItemNode,
  lineFacts,
  LineDutiesNode,
  LocalizedFieldNode,
  LOCALIZED_FIELDS_PER_PAGE,
  wantsLocalizedFields,
  MONEY_BAG_FIELDS,
  ORDER_FACTS_FIELDS,
  ORDER_LINE_FIELDS,
  ORDER_LINES_PER_PAGE,
  ORDER_CASH_ON_DELIVERY_FIELDS,
  ORDER_COMPANY_FIELDS,
  OrderCashOnDeliveryNode,
  OrderCompanyNode,
  isCompanyOrder,
  OrderLineNode,
  OrderNode,
  orderFacts,
  OriginalUnitPriceNode,
  PresentmentOnly,
} from "./fulfillment-order-facts";
import { FulfillmentOrderGid } from "./ids";

/**
 * Lines read with the fulfillment order; longer ones are read on, page by page. Most orders have a
 * line or two; a line costs 7 points requested (its customs data is read per item, not per line;
 * its bundle, the lineItemGroup, is one of them and is used only for a bundle's component),
 * so five lines a fulfillment order keep ten fulfillment orders well under the 1,000 a query may
 * ask for.
 */
const LINES_PER_PAGE = 5;
/**
 * Fulfillment orders read in one query: about 55 points requested each (57 for one of a one-line
 * order paid by card, 2 more for the duties total of a shop that sends drop-ship packages), about
 * 20 used. Ten is a round of the request fetch (REQUESTS_PER_ROUND): one
 * query reads it.
 */
export const FACTS_PER_QUERY = 10;
/** Inventory items read in one query (nodes), each about 10 points requested, 5 used. */
const ITEMS_PER_QUERY = 50;
/** Lines read per page for their original unit price (only a line without a financial summary needs it). */
const PRICES_PER_PAGE = 50;

const FULFILLMENT_ORDER_FACTS_FIELDS = `#graphql
  fragment FulfillmentOrderFactsFields on FulfillmentOrder {
    id
    status
    fulfillAt
    fulfillmentHolds { reason reasonNotes displayReason }
    deliveryMethod { methodType }
    assignedLocation { location { id } }
    destination { firstName lastName company address1 address2 city province zip countryCode phone email }
    lineItems(first: ${LINES_PER_PAGE}) {
      nodes { ...FulfillmentOrderLineFields }
      pageInfo { hasNextPage endCursor }
    }
    order { ...OrderFactsFields }
  }`;

/** The document reading several fulfillment orders by id, one aliased field each (fo0, fo1, ...). */
const factsDocument = aliasedDocuments(
  (indexes) => `#graphql
  query FulfillmentOrdersFacts($withTotalTax: Boolean!, $withDuties: Boolean!, ${indexes.map((i) => `$id${i}: ID!`).join(", ")}) {
    ${indexes.map((i) => `fo${i}: fulfillmentOrder(id: $id${i}) { ...FulfillmentOrderFactsFields }`).join("\n    ")}
  }
  ${FULFILLMENT_ORDER_FACTS_FIELDS}
  ${FULFILLMENT_ORDER_LINE_FIELDS}
  ${ORDER_FACTS_FIELDS}
  ${MONEY_BAG_FIELDS}`,
);

const LineConnection = z.object({ nodes: z.array(FulfillmentOrderLineNode), pageInfo: PageInfo });

const FulfillmentOrderFactsNode = FulfillmentOrderHeader.extend({ lineItems: LineConnection, order: OrderNode }).nullable();
type FulfillmentOrderFactsNode = z.infer<typeof FulfillmentOrderFactsNode>;
const factsResults = aliasedResults("fo", FulfillmentOrderFactsNode);

const FULFILLMENT_ORDER_LINES_PAGE = `#graphql
  query FulfillmentOrderLinesPage($id: ID!, $after: String!) {
    fulfillmentOrder(id: $id) {
      lineItems(first: ${LINES_PER_PAGE}, after: $after) {
        nodes { ...FulfillmentOrderLineFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${FULFILLMENT_ORDER_LINE_FIELDS}
  ${MONEY_BAG_FIELDS}`;

const FulfillmentOrderLinesPageResult = z.object({ fulfillmentOrder: z.object({ lineItems: LineConnection }).nullable() });

/** The cash-on-delivery facts of several orders, one aliased field each (o0, o1, ...). */
const cashOnDeliveryDocument = aliasedDocuments(
  (indexes) => `#graphql
  query OrdersCashOnDelivery(${indexes.map((i) => `$id${i}: ID!`).join(", ")}) {
    ${indexes.map((i) => `o${i}: order(id: $id${i}) { ...OrderCashOnDeliveryFields }`).join("\n    ")}
  }
  ${ORDER_CASH_ON_DELIVERY_FIELDS}
  ${ORDER_LINE_FIELDS}`,
);

/** The payment terms and company of several B2B orders, one aliased field each (o0, o1, ...). */
const companyDocument = aliasedDocuments(
  (indexes) => `#graphql
  query OrdersCompanyTerms(${indexes.map((i) => `$id${i}: ID!`).join(", ")}) {
    ${indexes.map((i) => `o${i}: order(id: $id${i}) { ...OrderCompanyFields }`).join("\n    ")}
  }
  ${ORDER_COMPANY_FIELDS}`,
);

/** The first page of several orders' localized fields, one aliased field each (o0, o1, ...). */
const localizedFieldsDocument = aliasedDocuments(
  (indexes) => `#graphql
  query OrdersLocalizedFields(${indexes.map((i) => `$id${i}: ID!`).join(", ")}) {
    ${indexes.map((i) => `o${i}: order(id: $id${i}) { localizedFields(first: ${LOCALIZED_FIELDS_PER_PAGE}) { nodes { key value } pageInfo { hasNextPage endCursor } } }`).join("\n    ")}
  }`,
);

const OrderLocalizedFieldsNode = z.object({ localizedFields: z.object({ nodes: z.array(LocalizedFieldNode), pageInfo: PageInfo }) });

const cashOnDeliveryResults = aliasedResults("o", OrderCashOnDeliveryNode.nullable());
const companyResults = aliasedResults("o", OrderCompanyNode.nullable());
const localizedFieldsResults = aliasedResults("o", OrderLocalizedFieldsNode.nullable());

const ORDER_LINES_PAGE = `#graphql
  query OrderLinesPage($id: ID!, $after: String!) {
    order(id: $id) {
      lineItems(first: ${ORDER_LINES_PER_PAGE}, after: $after) {
        nodes { ...OrderLineFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${ORDER_LINE_FIELDS}`;

const OrderLinesPageResult = z.object({
  order: z.object({ lineItems: z.object({ nodes: z.array(OrderLineNode), pageInfo: PageInfo }) }).nullable(),
});

const ORDER_LOCALIZED_FIELDS_PAGE = `#graphql
  query OrderLocalizedFieldsPage($id: ID!, $after: String!) {
    order(id: $id) {
      localizedFields(first: 50, after: $after) {
        nodes { key value }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

const OrderLocalizedFieldsPageResult = z.object({
  order: z.object({ localizedFields: z.object({ nodes: z.array(LocalizedFieldNode), pageInfo: PageInfo }) }).nullable(),
});

const ORDER_CURRENT_TOTAL_TAX = `#graphql
  query OrderCurrentTotalTax($id: ID!) {
    order(id: $id) { currentTotalTaxSet { presentmentMoney { amount currencyCode } } }
  }`;

const OrderCurrentTotalTaxResult = z.object({ order: z.object({ currentTotalTaxSet: PresentmentOnly }).nullable() });

const ORIGINAL_UNIT_PRICES_PAGE = `#graphql
  query FulfillmentOrderLineOriginalPrices($id: ID!, $after: String) {
    fulfillmentOrder(id: $id) {
      lineItems(first: ${PRICES_PER_PAGE}, after: $after) {
        nodes { id lineItem { originalUnitPriceSet { ...MoneyBagFields } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${MONEY_BAG_FIELDS}`;

const OriginalUnitPricesPageResult = z.object({
  fulfillmentOrder: z.object({ lineItems: z.object({ nodes: z.array(OriginalUnitPriceNode), pageInfo: PageInfo }) }).nullable(),
});

/** Lines read per page for their duties (only an order whose duties were collected at checkout needs them). */
const DUTIES_PER_PAGE = 50;

const LINE_DUTIES_PAGE = `#graphql
  query FulfillmentOrderLineDuties($id: ID!, $after: String) {
    fulfillmentOrder(id: $id) {
      lineItems(first: ${DUTIES_PER_PAGE}, after: $after) {
        nodes { id lineItem { quantity duties { price { ...MoneyBagFields } harmonizedSystemCode } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${MONEY_BAG_FIELDS}`;

const LineDutiesPageResult = z.object({
  fulfillmentOrder: z.object({ lineItems: z.object({ nodes: z.array(LineDutiesNode), pageInfo: PageInfo }) }).nullable(),
});

const INVENTORY_ITEMS = `#graphql
  query InventoryItemsCustoms($ids: [ID!]!) {
    nodes(ids: $ids) { ...InventoryItemCustomsFields }
  }
  ${INVENTORY_ITEM_FIELDS}`;

const InventoryItemsResult = z.object({ nodes: z.array(InventoryItemNode.nullable()) });

const COUNTRY_HS_CODES = `#graphql
  query InventoryItemCountryHsCodes($id: ID!) {
    inventoryItem(id: $id) {
      countryHarmonizedSystemCodes(first: 250) { nodes { countryCode harmonizedSystemCode } }
    }
  }`;

const CountryHsCodesResult = z.object({
  inventoryItem: z.object({ countryHarmonizedSystemCodes: z.object({ nodes: z.array(CountryHarmonizedSystemCode) }) }).nullable(),
});

/** A page that vanished between two reads (order deleted, access revoked) is a shape problem, not "done". */
function vanished(operation: string): ShopifyResponseShapeError {
  return new ShopifyResponseShapeError(operation, [{ path: [], message: "the resource disappeared while being read" }]);
}

type Connection<T> = { nodes: T[]; pageInfo: z.infer<typeof PageInfo> };

/** Where to read on from: a cursor, the first page (`after: null`), or nothing (null). */
type ReadFrom = { after: string | null } | null;

const after = (pageInfo: z.infer<typeof PageInfo>): ReadFrom => {
  const cursor = nextCursorOf(pageInfo);
  return cursor === null ? null : { after: cursor };
};

/** The nodes of the pages of one resource's connection from `from` on, each page paced. */
async function readPages<Schema extends z.ZodType, T>(
  admin: AdminGraphql,
  paced: PacedCalls,
  page: { document: string; result: Schema; connectionOf: (data: z.output<Schema>) => Connection<T> | undefined },
  id: string,
  from: ReadFrom,
): Promise<T[]> {
  const nodes: T[] = [];
  for (let next = from; next !== null;) {
    const variables = { id, after: next.after };
    const { data, operation } = await paced(() => runGraphql(admin, page.document, variables, page.result));
    const connection = page.connectionOf(data);
    if (!connection) throw vanished(operation);
    nodes.push(...connection.nodes);
    next = after(connection.pageInfo);
  }
  return nodes;
}

const fulfillmentOrderLinesPages = {
  document: FULFILLMENT_ORDER_LINES_PAGE,
  result: FulfillmentOrderLinesPageResult,
  connectionOf: (data: z.infer<typeof FulfillmentOrderLinesPageResult>) => data.fulfillmentOrder?.lineItems,
};
const orderLinesPages = {
  document: ORDER_LINES_PAGE,
  result: OrderLinesPageResult,
  connectionOf: (data: z.infer<typeof OrderLinesPageResult>) => data.order?.lineItems,
};
const localizedFieldsPages = {
  document: ORDER_LOCALIZED_FIELDS_PAGE,
  result: OrderLocalizedFieldsPageResult,
  connectionOf: (data: z.infer<typeof OrderLocalizedFieldsPageResult>) => data.order?.localizedFields,
};
const lineDutiesPages = {
  document: LINE_DUTIES_PAGE,
  result: LineDutiesPageResult,
  connectionOf: (data: z.infer<typeof LineDutiesPageResult>) => data.fulfillmentOrder?.lineItems,
};
const originalUnitPricesPages = {
  document: ORIGINAL_UNIT_PRICES_PAGE,
  result: OriginalUnitPricesPageResult,
  connectionOf: (data: z.infer<typeof OriginalUnitPricesPageResult>) => data.fulfillmentOrder?.lineItems,
};

/** An inventory item's customs facts and its complete list of destination-specific HS codes; null: Shopify does not know it. */
type ItemCustoms = { item: InventoryItemNode; countryHsCodes: z.infer<typeof CountryHarmonizedSystemCode>[] } | null;

/**
 * Inventory items' customs facts already read, by item id, kept by the caller for as long as it
 * takes them to be current: the Shopify port keeps them for its own life, one job run (a sale's
 * request fetch reads each product's customs data once instead of once per round of 10). The next
 * run, a merchant's Retry among them, reads them afresh.
 */
export type KnownCustoms = Map<string, ItemCustoms>;

/**
 * The customs facts of inventory items, each read once however many lines carry it (and not again
 * if `known` has it), ITEMS_PER_QUERY to a query; an item with more destination-specific HS codes
 * than come with it has them read whole. What is read is added to `known`.
 */
async function inventoryItemCustoms(
  admin: AdminGraphql,
  paced: PacedCalls,
  ids: readonly string[],
  known: KnownCustoms,
): Promise<ReadonlyMap<string, ItemCustoms>> {
  const items = known;
  const unique = [...new Set(ids)].filter((id) => !known.has(id));
  for (let start = 0; start < unique.length; start += ITEMS_PER_QUERY) {
    const chunk = unique.slice(start, start + ITEMS_PER_QUERY);
    const { data, operation } = await paced(() => runGraphql(admin, INVENTORY_ITEMS, { ids: chunk }, InventoryItemsResult));
    if (data.nodes.length !== chunk.length)
      throw new ShopifyResponseShapeError(operation, [{ path: ["nodes"], message: `${data.nodes.length} nodes for ${chunk.length} ids` }]);
    for (const [index, id] of chunk.entries()) {
      const item = data.nodes[index] ?? null;
      if (item === null) {
        items.set(id, null);
        continue;
      }
      let countryHsCodes = item.countryHarmonizedSystemCodes.nodes;
      if (item.countryHarmonizedSystemCodes.pageInfo.hasNextPage) {
        const full = await paced(() => runGraphql(admin, COUNTRY_HS_CODES, { id: item.id }, CountryHsCodesResult));
        if (!full.data.inventoryItem) throw vanished(full.operation);
        countryHsCodes = full.data.inventoryItem.countryHarmonizedSystemCodes.nodes;
      }
      items.set(id, { item, countryHsCodes });
    }
  }
  return items;
}

export type FulfillmentOrderWithOrder = { fo: FulfillmentOrderFacts; order: OrderFacts };

/**
 * What the facts include only for the orders that need it, decided by the shop's settings from what
 * the first read says.
 */
export interface FactsWanted {
  /**
   * Whether an order paid through these gateways is cash on delivery: then its outstanding amount
   * and all its lines are read too (OrderFacts.totalOutstanding and lineItems; null for any other).
   */
  cashOnDelivery(paymentGatewayNames: readonly string[]): boolean;
  /**
   * Whether the order's tax total is read (OrderFacts.totalTax; null when not): it tells only
   * whether VAT was collected at checkout, which only an IOSS number is declared by.
   */
  totalTax: boolean;
  /**
   * Whether the order's duties total is read (OrderFacts.currentTotalDuties; null when not): only a
   * drop-ship package carries duties, so only a shop that sends them reads it.
   */
  duties: boolean;
}

/** The cash-on-delivery facts of an order, its lines complete. */
type CashOnDeliveryFacts = { totalOutstanding: z.infer<typeof PresentmentOnly>; lines: z.infer<typeof OrderLineNode>[] };

/**
 * Something of each of these orders, FACTS_PER_QUERY orders to an aliased query (o0, o1, ...), each
 * answer completed by `complete` (its lists read on past their first page); no call for no order.
 * An order Shopify no longer knows is an error: the fulfillment orders read a moment ago belong to it.
 */
async function readOfOrders<Node, T>(
  admin: AdminGraphql,
  paced: PacedCalls,
  orderIds: readonly string[],
  read: {
    document: (count: number) => string;
    results: (count: number) => z.ZodType<Record<string, Node | null>>;
    complete: (orderId: string, node: Node) => Promise<T>;
  },
): Promise<Map<string, T>> {
  const facts = new Map<string, T>();
  const unique = [...new Set(orderIds)];
  for (let start = 0; start < unique.length; start += FACTS_PER_QUERY) {
    const chunk = unique.slice(start, start + FACTS_PER_QUERY);
    const variables = Object.fromEntries(chunk.map((id, index) => [`id${index}`, id]));
    const { data, operation } = await paced(() => runGraphql(admin, read.document(chunk.length), variables, read.results(chunk.length)));
    for (const [index, id] of chunk.entries()) {
      const node = data[`o${index}`] as Node | null | undefined;
      if (!node) throw vanished(operation);
      facts.set(id, await read.complete(id, node));
    }
  }
  return facts;
}

/** The cash-on-delivery facts of the orders that need them (one per fulfillment order of a round at most), longer orders' lines read on. */
function cashOnDeliveryFacts(
  admin: AdminGraphql,
  paced: PacedCalls,
  orderIds: readonly string[],
): Promise<Map<string, CashOnDeliveryFacts>> {
  return readOfOrders(admin, paced, orderIds, {
    document: cashOnDeliveryDocument,
    results: cashOnDeliveryResults,
    complete: async (id, node) => ({
      totalOutstanding: node.totalOutstandingSet,
      lines: [...node.lineItems.nodes, ...(await readPages(admin, paced, orderLinesPages, id, after(node.lineItems.pageInfo)))],
    }),
  });
}

/**
 * The payment terms and company of the B2B orders among these. A shop that has not approved the
 * app's read_payment_terms and read_companies scopes yet refuses the read (ACCESS_DENIED): those
 * orders are then planned as company orders whose terms are unknown, never as failed reads.
 */
async function companyFactsOf(admin: AdminGraphql, paced: PacedCalls, orderIds: readonly string[]): Promise<Map<string, CompanyFacts>> {
  try {
    const read = await readOfOrders(admin, paced, orderIds, {
      document: companyDocument,
      results: companyResults,
      complete: (_id, node) => Promise.resolve(node),
    });
    return new Map([...read].map(([id, node]) => [id, { read: node }]));
  } catch (error) {
    if (!(error instanceof ShopifyGraphqlError) || !error.hasCode("ACCESS_DENIED")) throw error;
    return new Map(orderIds.map((id) => [id, { denied: true }]));
  }
}

/** The localized fields of these orders, complete: only for the orders whose fulfillment orders go where Shopify collects such fields. */
function localizedFieldsOf(
  admin: AdminGraphql,
  paced: PacedCalls,
  orderIds: readonly string[],
): Promise<Map<string, z.infer<typeof LocalizedFieldNode>[]>> {
  return readOfOrders(admin, paced, orderIds, {
    document: localizedFieldsDocument,
    results: localizedFieldsResults,
    complete: async (id, node) => [
      ...node.localizedFields.nodes,
      ...(await readPages(admin, paced, localizedFieldsPages, id, after(node.localizedFields.pageInfo))),
    ],
  });
}

/** A fulfillment order as its query answered, with all its lines (read on past the first page). */
type FirstRead = { node: NonNullable<FulfillmentOrderFactsNode>; lines: FulfillmentOrderLineNode[] };

/**
 * The rest of one fulfillment order: what is read only when needed (the order's current total tax
 * when the original is null and the tax is wanted, the original unit price of lines without a
 * financial summary); then its facts and its order's, parsed. `cashOnDelivery`: its order's, when
 * that order is paid cash on delivery (null otherwise); `localizedFields`: its order's, complete
 * (none when its destination has none); `company`: its order's B2B facts, for a company's order (null otherwise).
 */
async function completeFacts(
  admin: AdminGraphql,
  paced: PacedCalls,
  operation: string,
  { node, lines }: FirstRead,
  items: ReadonlyMap<string, ItemCustoms>,
  cashOnDelivery: CashOnDeliveryFacts | null,
  localizedFields: z.infer<typeof LocalizedFieldNode>[],
  company: CompanyFacts | null,
  wanted: FactsWanted,
): Promise<FulfillmentOrderWithOrder> {
  let currentTotalTax: z.infer<typeof PresentmentOnly> | null = null;
  if (node.order.totalTaxSet === null && wanted.totalTax) {
    const { data, operation: taxOperation } = await paced(() =>
      runGraphql(admin, ORDER_CURRENT_TOTAL_TAX, { id: node.order.id }, OrderCurrentTotalTaxResult),
    );
    if (!data.order) throw vanished(taxOperation);
    currentTotalTax = data.order.currentTotalTaxSet;
  }
  const duties = new Map<string, LineDutiesNode["lineItem"]>();
  // Only then does the package carry them (connector/duties.ts).
  const currentTotalDuties = node.order.currentTotalDutiesSet?.presentmentMoney ?? null;
  if (dutiesCollectedAtCheckout({ dutiesIncluded: node.order.dutiesIncluded, currentTotalDuties })) {
    for (const line of await readPages(admin, paced, lineDutiesPages, node.id, { after: null })) duties.set(line.id, line.lineItem);
  }
  const originalPrices = new Map<string, MoneyBag>();
  if (lines.some((line) => line.financialSummaries.length === 0)) {
    for (const priced of await readPages(admin, paced, originalUnitPricesPages, node.id, { after: null }))
      originalPrices.set(priced.id, priced.lineItem.originalUnitPriceSet);
  }

  const fo = fulfillmentOrderFacts(
    node,
    node.order,
    lines.map((line) => {
      const customs = line.inventoryItemId === null ? null : (items.get(line.inventoryItemId) ?? null);
      return lineFacts(line, customs?.item ?? null, customs?.countryHsCodes ?? [], originalPrices.get(line.id), duties.get(line.id));
    }),
  );
  if (!fo.success) throw new ShopifyResponseShapeError(operation, fo.error.issues);
  const order = orderFacts(node.order, cashOnDelivery, localizedFields, currentTotalTax, company);
  if (!order.success)
    throw new ShopifyResponseShapeError(
      operation,
      order.error.issues.map((i) => ({ ...i, path: ["order", ...i.path] })),
    );
  return { fo: fo.data, order: order.data };
}

/**
 * Fulfillment orders with their orders' facts, as the connector's schemas define them, FACTS_PER_QUERY
 * to a query, then the customs facts of their inventory items, each item once, and the
 * cash-on-delivery facts of the orders `wanted` calls cash on delivery, and the localized fields of
 * the orders going where Shopify collects them; null for one Shopify does not
 * know (or the app may not see). Long orders, many localized fields and items with many
 * destination-specific HS codes take extra reads (more than LINES_PER_PAGE lines, ORDER_LINES_PER_PAGE
 * order lines, LOCALIZED_FIELDS_PER_PAGE fields or COUNTRY_HS_CODES_WITH_ITEM codes), paced by the
 * shop's cost bucket.
 */
export async function readFulfillmentOrders(
  admin: AdminGraphql,
  ids: readonly FulfillmentOrderGid[],
  wanted: FactsWanted,
  known: KnownCustoms = new Map(),
): Promise<Map<FulfillmentOrderGid, FulfillmentOrderWithOrder | null>> {
  const paced = pacedCalls();
  const read = new Map<FulfillmentOrderGid, FulfillmentOrderWithOrder | null>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += FACTS_PER_QUERY) {
    const chunk = unique.slice(start, start + FACTS_PER_QUERY);
    const variables = {
      withTotalTax: wanted.totalTax,
      withDuties: wanted.duties,
      ...Object.fromEntries(chunk.map((id, index) => [`id${index}`, id])),
    };
    const { data, operation } = await paced(() => runGraphql(admin, factsDocument(chunk.length), variables, factsResults(chunk.length)));
    const found = new Map<FulfillmentOrderGid, FirstRead>();
    for (const [index, id] of chunk.entries()) {
      const node = data[`fo${index}`] as FulfillmentOrderFactsNode | undefined;
      read.set(id, null); // in the order asked for; replaced below when found
      if (!node) continue;
      const more = await readPages(admin, paced, fulfillmentOrderLinesPages, node.id, after(node.lineItems.pageInfo));
      found.set(id, { node, lines: [...node.lineItems.nodes, ...more] });
    }
    const itemIds = [...found.values()].flatMap(({ lines }) => lines.flatMap((line) => line.inventoryItemId ?? []));
    const items = await inventoryItemCustoms(admin, paced, itemIds, known);
    const codOrderIds = [...found.values()].flatMap(({ node }) =>
      wanted.cashOnDelivery(node.order.paymentGatewayNames) ? [node.order.id] : [],
    );
    const cod = await cashOnDeliveryFacts(admin, paced, codOrderIds);
    const localizedOrderIds = [...found.values()].flatMap(({ node }) =>
      wantsLocalizedFields(node.destination?.countryCode) ? [node.order.id] : [],
    );
    const localized = await localizedFieldsOf(admin, paced, localizedOrderIds);
    const companyOrderIds = [...found.values()].flatMap(({ node }) => (isCompanyOrder(node.order) ? [node.order.id] : []));
    const companies = await companyFactsOf(admin, paced, companyOrderIds);
    for (const [id, first] of found) {
      read.set(
        id,
        await completeFacts(
          admin,
          paced,
          operation,
          first,
          items,
          cod.get(first.node.order.id) ?? null,
          localized.get(first.node.order.id) ?? [],
          companies.get(first.node.order.id) ?? null,
          wanted,
        ),
      );
    }
  }
  return read;
}

/** One fulfillment order with its order's facts (readFulfillmentOrders for one). */
export async function readFulfillmentOrder(
  admin: AdminGraphql,
  id: FulfillmentOrderGid,
  wanted: FactsWanted,
  known: KnownCustoms = new Map(),
): Promise<FulfillmentOrderWithOrder | null> {
  return (await readFulfillmentOrders(admin, [id], wanted, known)).get(id) ?? null;
}
