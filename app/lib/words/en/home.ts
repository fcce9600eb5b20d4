/** Home: the setup guide, the counts a merchant checks each morning, and how an order travels. */
import { plural } from "./plural";

export const home = {
  title: "Fulfilment connector",
  tasksWait: (count: number, n: string) => `${n} ${plural(count, "task waits", "tasks wait")} for Shopify; nothing is lost.`,
  openNotifications: "Open Settings > Notifications",
  needsAttention: "Needs attention",
  inProgress: "In progress",
  deliveredThisWeek: "Delivered in the last 7 days",
  seeThem: "See them",
  lastStockSync: "Last stock sync",
  never: "Never",
  openStock: "Open Stock",
  setupGuide: "Setup guide",
  stepsDone: (done: string, steps: string) => `${done} of ${steps} done`,
  done: "Done",
  toDo: "To do",
  shippingCosts: "Shipping costs per month",
  noShippingCosts:
    "No shipping costs reported by the provider in the last months. They appear here once the provider creates your packages.",
  monthUtc: "Month (UTC)",
  shipments: "Shipments",
  shippingCostsColumn: "Shipping costs",
  openOrdersHeading: "Orders placed before the app",
  openOrdersBody:
    "Open orders already at a warehouse or drop-ship location are brought in when the app is installed and when a location is connected. Look again at any time; an order already on its way is never sent twice.",
  findOpenOrders: "Find open orders",
  lookingForOpenOrders: "Looking for open orders at your provider locations. Those found appear on the Shipments page in a moment.",
  unknownAction: "Unknown action.",
  howAnOrderTravels: "How an order travels",
  travels: [
    "Items stocked in the provider's warehouses become outbound packages; parcels you ship through the provider become drop-ship packages.",
    "Each package is checked against the provider's rules first. One that cannot go is held with the reason, so you can fix it and send it again.",
    "Orders on hold or scheduled in Shopify, not paid yet, or rated high risk of fraud wait with the reason, and go when that changes. An order edited, split or moved before its package is sent is planned again as it is now.",
    "Sending a package again never creates a second parcel at the provider.",
    "Once the provider assigns a tracking number, the order is fulfilled in Shopify, your customer gets the shipping confirmation with a tracking link, and delivery events follow.",
  ],
  // The setup steps (home.server.ts), each read from the real state.
  provider: {
    title: "Connect your fulfilment provider",
    sandbox: "Sandbox mode: everything runs against the provider simulator, no real parcels.",
    liveConnected: "Live mode, connected.",
    liveNotConnected: "Live mode needs your provider account: an API token or the provider's login.",
    action: "Connect the provider",
  },
  warehouses: {
    title: "Add the warehouses that hold your stock",
    none: "No warehouse yet: add the provider's warehouse ID (for example US01) in Settings > Warehouses and routing.",
    located: (count: number, located: string, warehouses: string, waiting: boolean) =>
      `${located} of ${warehouses} ${plural(count, "warehouse has", "warehouses have")} its Shopify location${waiting ? "; the app creates the others in a moment" : ""}.`,
    action: "Add a warehouse",
  },
  skus: {
    title: "Register your SKUs with the provider",
    notRead: "Your catalogue has not been read yet.",
    known: (registered: string, variants: string) =>
      `${registered} SKUs known to the provider; your store has ${variants} variants with a SKU.`,
    action: "Open Products",
  },
  stock: {
    title: "Put the warehouses' stock into Shopify",
    noWarehouse: "Add a warehouse first: its stock is written at its Shopify location.",
    underWay: "The stock sync is under way: this step is done once Shopify holds the provider's stock.",
    notSynced: "Not synced yet: Shopify sends an order to a warehouse only where it has stock.",
    checkedAt: (when: string) => ` (checked ${when})`,
    differ: (mismatched: string, checked: string, at: string) =>
      `${mismatched} of ${checked} quantities in Shopify differ from the provider's after the last sync${at}: open Stock to see which, and sync again.`,
    noneAtProvider: (at: string) =>
      `The provider holds no stock at your warehouses yet${at}: send stock to a warehouse with an inbound shipment.`,
    noneGiven: "The last sync gave no variant any stock.",
    holds: (count: number, stocked: string, warehouseCount: number, warehouses: string, at: string) =>
      `Shopify holds the provider's stock for ${stocked} ${plural(count, "variant", "variants")} at ${warehouses} ${plural(warehouseCount, "warehouse", "warehouses")}${at}.`,
    action: "Open Stock",
  },
  firstOrder: {
    title: "Ship your first order",
    shipped: (count: number, n: string) => `${n} ${plural(count, "shipment has", "shipments have")} tracking in Shopify.`,
    notYet: "Orders at a warehouse or drop-ship location are sent to the provider on their own.",
    action: "Open Shipments",
  },
  // Home's banners while Shopify refuses the app, or an alert channel fails.
  revokedTitle: "The app is disconnected from your store",
  revokedBody: (since: string) =>
    `Since ${since}, Shopify refuses the app's access token (401), so no order is sent, and no tracking is written back. Open the app from your Shopify admin, or install it again, to reconnect: everything waiting then continues where it stood.`,
  askAgainAt: (time: string) => ` The app asks Shopify again at ${time} and resumes on its own.`,
  frozenTitle: "Your store is frozen",
  frozenBody: (since: string, next: string) =>
    `Since ${since}, Shopify answers that the store is frozen (402: a bill is unpaid). The app paused its work for the store; pay the outstanding bill in Shopify's admin.${next}`,
  lockedTitle: "Shopify has locked your store",
  lockedBody: (since: string, next: string) =>
    `Since ${since}, Shopify answers that the store is locked (423). The app paused its work for the store; contact Shopify support to unlock it.${next}`,
  emailFailing: "Alerts by e-mail are not getting through",
  webhookFailing: "Alerts to your webhook are not getting through",
  channelFailing: (since: string, why: string) =>
    `Since ${since}, sending fails: ${why}. The alerts wait and are sent once it works again. Check the channel in Settings > Notifications, then send a test alert.`,
  noReasonGiven: "no reason given",
};
