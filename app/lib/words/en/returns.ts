/** Returns: each Shopify return sent back to a provider warehouse, and where it stands. */
export const returns = {
  title: "Returns",
  subtitle: "Items your customers send back to the provider's warehouses",
  home: "Home",
  tabs: {
    all: "All",
    progress: "On their way",
    attention: "Needs attention",
    restocked: "Restocked",
  },
  empty: {
    all: "When you approve a return of items a provider warehouse shipped, it is sent back to that warehouse and appears here.",
    progress: "No return is on its way back to a warehouse right now.",
    attention: "Nothing needs you: the provider took every return.",
    restocked: "Returns appear here once their items are back on sale at the warehouse.",
  },
  noneYet: "No returns here yet",
  oneReturn: "return",
  manyReturns: "returns",
  returnOrder: "Return / order",
  warehouse: "Warehouse",
  providerIds: "Provider ids",
  units: "Units",
  state: "State",
  tracking: "Tracking",
  order: (name: string) => `Order ${name}`,
  /** Each line's units and SKU ("2 × MUG-01"), then the lines joined. */
  item: (quantity: string, sku: string) => `${quantity} × ${sku}`,
  itemSeparator: ", ",
  page: (page: string) => `Page ${page}`,
  states: {
    SENT: "On its way back",
    RECEIVED: "At the warehouse",
    RESTOCKED: "Restocked",
    FAILED: "Provider refused",
  },
};
