/** The admin menu's words. */
export const nav = {
  home: "Home",
  shipments: "Shipments",
  returns: "Returns",
  products: "Products",
  stock: "Stock",
  inbound: "Inbound shipments",
  lading: "Bulk shipments",
  inventoryAge: "Inventory age",
  pricing: "Pricing",
  dataRequests: "Customer data",
  settings: "Settings",
};
