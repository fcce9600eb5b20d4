/**
 * Inbound shipments: the list, a new shipment's form (its fields, its boxes and what is wrong with
 * them), and a shipment's page with its boxes and its arrival. What the provider said is shown as
 * it said it, inside these sentences.
 */
import { plural } from "./plural";

export const inbound = {
  title: "Inbound shipments",
  subtitle: "Your stock on its way into the provider's warehouses",
  home: "Home",
  newShipment: "New inbound shipment",
  noneYet: "No inbound shipments yet",
  emptyBody: "Send boxes of your SKUs into a warehouse: once the warehouse receives them, their stock is written into Shopify.",
  oneShipment: "inbound shipment",
  manyShipments: "inbound shipments",
  columns: {
    reference: "Reference",
    providerId: "Provider's id",
    warehouse: "Warehouse",
    state: "State",
    boxes: "Boxes",
    units: "Units",
    sent: "Sent",
    received: "Received",
  },
  states: {
    ON_THE_WAY: "On its way",
    RECEIVED: "Received",
  },
  // A new shipment.
  newSubtitle: "Boxes of your SKUs on their way into a warehouse",
  noWarehouse: "No warehouse set up yet",
  setUpWarehouse: "Set up a warehouse",
  noWarehouseBody:
    "An inbound shipment goes into one of your provider's warehouses: add it (for example US01) in Settings > Warehouses and routing first.",
  sending: "Sending the shipment to the provider…",
  notSent: "Not sent",
  howToSend: "Pack the boxes, then Save in the bar at the top: the shipment is sent to the provider and its page opens.",
  fields: {
    shipment: "Shipment",
    reference: "Your reference",
    referenceHelp: "The provider knows the shipment by it: letters, digits, - and _.",
    goesTo: "Goes to",
    warehouse: (id: string) => `Warehouse ${id}`,
    warehouseNotShipping: (id: string) => `Warehouse ${id} (not shipping)`,
    travelsBy: "Travels by",
    arrival: "Expected arrival (optional)",
    remark: "Note for the warehouse (optional)",
  },
  /** How the shipment travels, by the value the provider is sent. */
  shippingTypes: {
    Sea: "Sea freight",
    Air: "Air freight",
    Express: "Express courier",
    Truck: "Truck",
  },
  box: {
    label: (number: string) => `Box ${number} label (optional)`,
    weight: (number: string) => `Box ${number} weight`,
    length: (number: string) => `Box ${number} length`,
    width: (number: string) => `Box ${number} width`,
    height: (number: string) => `Box ${number} height`,
    grams: "g",
    centimetres: "cm",
  },
  /** What is wrong with a field, said after its label. */
  errors: {
    required: "is required",
    wholeNumber: "must be a whole number",
    number: "must be a number such as 12.5",
    atMostCharacters: (max: string) => `must be at most ${max} characters`,
    dateExample: "must be a date such as 2026-12-01",
    notADate: "is not a date",
    atLeastOneSku: "Add at least one SKU to this box.",
    atLeastOneBox: "Add at least one box.",
    notYourSku: "is not a SKU of your catalogue",
    notYourWarehouse: "is not one of your warehouses (Settings > Warehouses and routing)",
    referenceTaken: "is already the reference of another of your inbound shipments",
  },
  /** The provider's own words, as it said them, joined. */
  providerRefusedShipment: (said: string) => `The provider refused the shipment: ${said}.`,
  providerRefusedBoxes: (said: string) => `The provider refused the boxes: ${said}.`,
  notSentBecause: (said: string) => `Not sent: ${said}.`,
  notChangedBecause: (said: string) => `Not changed: ${said}.`,
  notChangedProvider: (said: string) => `Not changed: ${said}`,
  saidSeparator: "; ",
  // A shipment's page.
  notFound: "No such inbound shipment in this shop",
  toWarehouse: (warehouse: string) => `Inbound shipment to warehouse ${warehouse}`,
  summary: (boxCount: number, boxes: string, unitCount: number, units: string) =>
    `${boxes} ${plural(boxCount, "box", "boxes")}, ${units} ${plural(unitCount, "unit", "units")}`,
  changeBoxes: "Change boxes",
  changeBoxesHelp: "Change the boxes, then Save in the bar at the top: the provider replaces them.",
  cancel: "Cancel",
  atProvider: "At the provider",
  facts: {
    providerId: "Provider's id",
    warehouse: "Warehouse",
    travelsBy: "Travels by",
    expectedArrival: "Expected arrival",
    sent: "Sent",
    boxesChanged: "Boxes changed",
    lastChecked: "Last checked",
    received: "Received",
    note: "Note",
  },
  arrival: "Arrival",
  asksEveryHour: "The app asks the provider every hour whether the warehouse has received it.",
  providerReported: (problem: string) => `The provider reported a problem: ${problem}`,
  /** The provider refused without a message; its code, when it gave one, in brackets. */
  refusedUnsaid: (code: string | null) => `The provider refused it without saying why${code === null ? "" : ` (${code})`}`,
  checkNow: "Check arrival now",
  receivedOn: (warehouse: string, when: string) =>
    `Received by warehouse ${warehouse} on ${when}. Its units are the provider's stock now, and the stock sync writes them into Shopify (see Stock).`,
  notChecked: "Not checked",
  arrivalAnswers: {
    RECEIVED: "Received by the warehouse: its stock is being written into Shopify.",
    ON_THE_WAY: "Still on its way: the warehouse has not received it yet. The app looks again every hour.",
    PROBLEM: "The provider could not say: see its problem above.",
  },
  boxesSaved: "Boxes saved: the provider has the new boxes.",
  boxesAlreadyReceived:
    "Not changed: the warehouse has already received this shipment, so its boxes can no longer change. Its stock is being written into Shopify.",
  table: {
    oneBox: "box",
    manyBoxes: "boxes",
    box: "Box",
    weight: "Weight",
    size: "Size",
    holds: "Holds",
    grams: (grams: string) => `${grams} g`,
    dimensions: (length: string, width: string, height: string) => `${length} × ${width} × ${height} cm`,
  },
};
