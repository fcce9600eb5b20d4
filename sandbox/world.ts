/**
 * The sandbox's seeded world: the provider's warehouses, the shipping services each offers (with
 * the countries they deliver to), the carriers behind them, and the merchant's SKU catalogue with
 * stock. Other code (the demo, the Shopify emulator's catalogue) imports the SKU list from here, so
 * the products a demo shop sells are the ones the sandbox stocks.
 */

export type WarehouseId = "US01" | "DE01";

export interface Warehouse {
  readonly id: WarehouseId;
  readonly name: string;
  /** Prices of services shipping from here are in this currency. */
  readonly currency: "USD" | "EUR";
  readonly address: {
    readonly Country: string;
    readonly Province: string;
    readonly City: string;
    readonly Street1: string;
    readonly Postcode: string;
  };
}

export const warehouses: readonly Warehouse[] = [
  {
    id: "US01",
    name: "Los Angeles (Ontario, CA)",
    currency: "USD",
    address: { Country: "US", Province: "CA", City: "Ontario", Street1: "1400 S Vintage Ave", Postcode: "91761" },
  },
  {
    id: "DE01",
    name: "Leipzig",
    currency: "EUR",
    address: { Country: "DE", Province: "SN", City: "Leipzig", Street1: "Am Exer 10", Postcode: "04158" },
  },
];

export interface CarrierInfo {
  readonly company: string;
  /** The carrier's public tracking page for a number. */
  readonly trackingUrl: (trackingNumber: string) => string;
  /** A tracking number in the carrier's format, built from deterministic digits. */
  readonly trackingNumber: (digits: string) => string;
}

/** UPU S10 check digit (postal items such as LX123456785DE). */
function s10CheckDigit(eightDigits: string): string {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...eightDigits].reduce((total, d, i) => total + Number(d) * (weights[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return String(check === 10 ? 0 : check === 11 ? 5 : check);
}

export const carriers = {
  USPS: {
    company: "USPS",
    trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
    trackingNumber: (d) => `9400${d.slice(0, 18)}`,
  },
  UPS: {
    company: "UPS",
    trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}`,
    trackingNumber: (d) => `1ZSBX${d.slice(0, 3)}03${d.slice(3, 11)}`,
  },
  DHLeCommerce: {
    company: "DHL eCommerce",
    trackingUrl: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-ecommerce.html?tracking-id=${n}`,
    trackingNumber: (d) => `GM${d.slice(0, 16)}`,
  },
  DHL: {
    company: "DHL",
    trackingUrl: (n) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}`,
    trackingNumber: (d) => `00340434${d.slice(0, 12)}`,
  },
  DPD: {
    company: "DPD",
    trackingUrl: (n) => `https://tracking.dpd.de/status/en_US/parcel/${n}`,
    trackingNumber: (d) => `0150${d.slice(0, 10)}`,
  },
  DeutschePost: {
    company: "Deutsche Post",
    trackingUrl: (n) => `https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode=${n}`,
    trackingNumber: (d) => `LX${d.slice(0, 8)}${s10CheckDigit(d.slice(0, 8))}DE`,
  },
  /** The provider's own number, issued before the last-mile carrier's (non-final tracking numbers). */
  Provider: {
    company: "Sandbox Fulfilment",
    trackingUrl: (n) => `https://tracking.example.com/sandbox/${n}`,
    trackingNumber: (d) => `SBX${d.slice(0, 12)}`,
  },
} as const satisfies Record<string, CarrierInfo>;

export type CarrierKey = keyof typeof carriers;

export interface ShippingService {
  readonly code: string;
  readonly name: string;
  readonly warehouseId: WarehouseId;
  readonly carrier: CarrierKey;
  /** ISO codes of the destination countries the service delivers to. */
  readonly countries: readonly string[];
  /**
   * The service first issues the provider's own tracking number (IsFinalTrackingNumber false) and
   * replaces it with the carrier's after the parcel is picked up.
   */
  readonly provisionalTracking: boolean;
  /** Price: a fixed fee plus a rate per started half kilogram, in the warehouse's currency. */
  readonly price: { readonly base: number; readonly perKg: number };
  /** Delivery time in days, domestic and abroad. */
  readonly days: { readonly domestic: readonly [number, number]; readonly abroad: readonly [number, number] };
}

export const services: readonly ShippingService[] = [
  {
    code: "US01-STD",
    name: "USPS Ground Advantage",
    warehouseId: "US01",
    carrier: "USPS",
    countries: ["US"],
    provisionalTracking: false,
    price: { base: 4.2, perKg: 3.1 },
    days: { domestic: [2, 5], abroad: [2, 5] },
  },
  {
    code: "US01-EXP",
    name: "UPS Worldwide Expedited",
    warehouseId: "US01",
    carrier: "UPS",
    countries: ["US", "CA", "MX", "GB", "DE", "FR", "IT", "ES", "NL", "BE", "AT", "JP", "AU", "NZ"],
    provisionalTracking: false,
    price: { base: 9.5, perKg: 6.4 },
    days: { domestic: [1, 2], abroad: [2, 5] },
  },
  {
    code: "US01-ECO",
    name: "Economy Parcel (USPS last mile)",
    warehouseId: "US01",
    carrier: "USPS",
    countries: ["US", "CA"],
    provisionalTracking: true,
    price: { base: 3.1, perKg: 2.2 },
    days: { domestic: [4, 8], abroad: [7, 12] },
  },
  {
    code: "US01-INT",
    name: "DHL eCommerce International",
    warehouseId: "US01",
    carrier: "DHLeCommerce",
    countries: ["CA", "GB", "DE", "FR", "IT", "ES", "NL", "JP", "AU"],
    provisionalTracking: false,
    price: { base: 6.8, perKg: 4.9 },
    days: { domestic: [6, 12], abroad: [6, 12] },
  },
  {
    code: "DE01-STD",
    name: "DHL Paket",
    warehouseId: "DE01",
    carrier: "DHL",
    countries: ["DE", "AT"],
    provisionalTracking: false,
    price: { base: 3.9, perKg: 1.2 },
    days: { domestic: [1, 3], abroad: [2, 4] },
  },
  {
    code: "DE01-EXP",
    name: "UPS Express Saver",
    warehouseId: "DE01",
    carrier: "UPS",
    countries: ["DE", "AT", "BE", "NL", "FR", "IT", "ES", "PL", "CH", "GB", "US", "CA", "JP", "AU"],
    provisionalTracking: false,
    price: { base: 8.9, perKg: 5.6 },
    days: { domestic: [1, 1], abroad: [1, 4] },
  },
  {
    code: "DE01-ECO",
    name: "Economy Parcel (DPD last mile)",
    warehouseId: "DE01",
    carrier: "DPD",
    countries: ["DE", "AT", "FR", "IT", "ES", "NL", "BE", "PL"],
    provisionalTracking: true,
    price: { base: 2.9, perKg: 1.1 },
    days: { domestic: [3, 5], abroad: [4, 9] },
  },
  {
    code: "DE01-INT",
    name: "Deutsche Post Warenpost International",
    warehouseId: "DE01",
    carrier: "DeutschePost",
    countries: ["GB", "US", "CA", "JP", "AU", "FR", "IT", "ES", "NL", "CH"],
    provisionalTracking: false,
    price: { base: 4.6, perKg: 7.5 },
    days: { domestic: [5, 14], abroad: [5, 14] },
  },
];

export function findWarehouse(id: string): Warehouse | undefined {
  return warehouses.find((w) => w.id === id);
}

export function findService(code: string): ShippingService | undefined {
  return services.find((s) => s.code === code);
}

export function servicesOf(warehouseId: WarehouseId): ShippingService[] {
  return services.filter((s) => s.warehouseId === warehouseId);
}

/** A product the merchant stores with the provider, as registered through operation 16. */
export interface CatalogueSku {
  readonly sku: string;
  readonly productName: string;
  readonly description: string;
  /** Customs name: letters, digits and simple punctuation only (the reference's rule). */
  readonly declareName: string;
  readonly declareNameCn: string;
  readonly hsCode: string;
  /** Customs value per unit, in USD. */
  readonly declareValue: number;
  /** Shop price per unit, in USD (for the demo shop's catalogue). */
  readonly price: number;
  readonly customStorageNo: string;
  readonly brand: string;
  readonly material: string;
  readonly materialCn: string;
  /** Grams per unit. */
  readonly weight: number;
  /** Centimetres. */
  readonly length: number;
  readonly width: number;
  readonly height: number;
  /** Units in stock per warehouse when the world is seeded. */
  readonly stock: Readonly<Record<WarehouseId, number>>;
}

export const catalogue: readonly CatalogueSku[] = [
  {
    sku: "MUG-CER-350-WHT",
    productName: "Ceramic mug 350 ml, white",
    description: "Stoneware coffee mug, dishwasher safe, 350 ml.",
    declareName: "Ceramic mug",
    declareNameCn: "陶瓷杯",
    hsCode: "691200",
    declareValue: 6.5,
    price: 16,
    customStorageNo: "MUG350WHT",
    brand: "Northfield Home",
    material: "Stoneware",
    materialCn: "粗陶",
    weight: 420,
    length: 12,
    width: 9,
    height: 10.5,
    stock: { US01: 240, DE01: 180 },
  },
  {
    sku: "TSHIRT-ORG-M-BLK",
    productName: "Organic cotton T-shirt, black, M",
    description: "Crew-neck T-shirt in 100% organic cotton, size M.",
    declareName: "Cotton T-shirt",
    declareNameCn: "棉质T恤",
    hsCode: "610910",
    declareValue: 8.9,
    price: 24,
    customStorageNo: "TSHORGMBLK",
    brand: "Northfield Basics",
    material: "Cotton",
    materialCn: "棉",
    weight: 180,
    length: 30,
    width: 25,
    height: 3,
    stock: { US01: 500, DE01: 320 },
  },
  {
    sku: "TSHIRT-ORG-L-BLK",
    productName: "Organic cotton T-shirt, black, L",
    description: "Crew-neck T-shirt in 100% organic cotton, size L.",
    declareName: "Cotton T-shirt",
    declareNameCn: "棉质T恤",
    hsCode: "610910",
    declareValue: 8.9,
    price: 24,
    customStorageNo: "TSHORGLBLK",
    brand: "Northfield Basics",
    material: "Cotton",
    materialCn: "棉",
    weight: 195,
    length: 30,
    width: 25,
    height: 3,
    stock: { US01: 420, DE01: 260 },
  },
  {
    sku: "YOGA-MAT-6MM-PUR",
    productName: "Yoga mat 6 mm, purple",
    description: "Non-slip TPE yoga mat, 183 x 61 cm, 6 mm thick, with carry strap.",
    declareName: "Yoga mat",
    declareNameCn: "瑜伽垫",
    hsCode: "950691",
    declareValue: 14,
    price: 39,
    customStorageNo: "YOGA6MMPUR",
    brand: "Lotus Motion",
    material: "TPE",
    materialCn: "热塑性弹性体",
    weight: 1100,
    length: 61,
    width: 15,
    height: 15,
    stock: { US01: 80, DE01: 60 },
  },
  {
    sku: "BOTTLE-SS-750-SLV",
    productName: "Insulated steel bottle 750 ml, silver",
    description: "Double-wall vacuum insulated stainless steel bottle, 750 ml.",
    declareName: "Stainless steel bottle",
    declareNameCn: "不锈钢水瓶",
    hsCode: "732393",
    declareValue: 7.2,
    price: 29,
    customStorageNo: "BTLSS750",
    brand: "Northfield Outdoor",
    material: "Stainless steel",
    materialCn: "不锈钢",
    weight: 380,
    length: 8,
    width: 8,
    height: 27,
    stock: { US01: 300, DE01: 150 },
  },
  {
    sku: "EARBUDS-BT5-BLK",
    productName: "Wireless earbuds, black",
    description: "Bluetooth 5.3 in-ear headphones with charging case.",
    declareName: "Wireless earphones",
    declareNameCn: "无线耳机",
    hsCode: "851830",
    declareValue: 18,
    price: 59,
    customStorageNo: "EARBT5BLK",
    brand: "Soundleaf",
    material: "Plastic",
    materialCn: "塑料",
    weight: 120,
    length: 10,
    width: 8,
    height: 4,
    stock: { US01: 150, DE01: 90 },
  },
  {
    sku: "CANDLE-SOY-200-LAV",
    productName: "Soy candle 200 g, lavender",
    description: "Hand-poured soy wax candle in a glass jar, lavender scent.",
    declareName: "Soy wax candle",
    declareNameCn: "大豆蜡烛",
    hsCode: "340600",
    declareValue: 4.8,
    price: 18,
    customStorageNo: "CNDSOY200L",
    brand: "Northfield Home",
    material: "Soy wax, glass",
    materialCn: "大豆蜡, 玻璃",
    weight: 320,
    length: 9,
    width: 9,
    height: 10,
    stock: { US01: 200, DE01: 140 },
  },
  {
    sku: "BACKPACK-CNV-20L-OLV",
    productName: "Canvas backpack 20 L, olive",
    description: "Waxed canvas daypack with padded laptop sleeve, 20 litres.",
    declareName: "Canvas backpack",
    declareNameCn: "帆布背包",
    hsCode: "420292",
    declareValue: 16.5,
    price: 69,
    customStorageNo: "BPCNV20OLV",
    brand: "Northfield Outdoor",
    material: "Cotton canvas",
    materialCn: "棉帆布",
    weight: 750,
    length: 45,
    width: 30,
    height: 12,
    stock: { US01: 70, DE01: 45 },
  },
  {
    sku: "SOCKS-WOOL-3P-GRY",
    productName: "Merino wool socks, 3 pairs, grey",
    description: "Three pairs of merino wool everyday socks, EU 39-42.",
    declareName: "Wool socks",
    declareNameCn: "羊毛袜",
    hsCode: "611594",
    declareValue: 9.5,
    price: 27,
    customStorageNo: "SOCKWL3GRY",
    brand: "Northfield Basics",
    material: "Merino wool",
    materialCn: "美利奴羊毛",
    weight: 210,
    length: 20,
    width: 12,
    height: 4,
    stock: { US01: 260, DE01: 310 },
  },
  {
    sku: "PHONECASE-IP15-CLR",
    productName: "Clear phone case for iPhone 15",
    description: "Shock-absorbing transparent TPU case for iPhone 15.",
    declareName: "Phone case",
    declareNameCn: "手机壳",
    hsCode: "392690",
    declareValue: 2.1,
    price: 19,
    customStorageNo: "CASEIP15CL",
    brand: "Soundleaf",
    material: "TPU",
    materialCn: "热塑性聚氨酯",
    weight: 45,
    length: 17,
    width: 9,
    height: 2,
    stock: { US01: 600, DE01: 400 },
  },
  {
    sku: "LAMP-LED-DESK-WHT",
    productName: "LED desk lamp, white",
    description: "Dimmable LED desk lamp with USB-C power, adjustable arm.",
    declareName: "LED desk lamp",
    declareNameCn: "LED台灯",
    hsCode: "940520",
    declareValue: 12.4,
    price: 45,
    customStorageNo: "LAMPLEDWHT",
    brand: "Lumen & Co",
    material: "Aluminium, plastic",
    materialCn: "铝, 塑料",
    weight: 900,
    length: 40,
    width: 15,
    height: 12,
    // Deliberately out of stock in DE01: an outbound order from there fails with InsufficientStock.
    stock: { US01: 60, DE01: 0 },
  },
  {
    sku: "TEA-GREEN-100G",
    productName: "Sencha green tea, 100 g",
    description: "Loose-leaf Japanese sencha green tea in a resealable pouch.",
    declareName: "Green tea",
    declareNameCn: "绿茶",
    hsCode: "090210",
    declareValue: 3.5,
    price: 14,
    customStorageNo: "TEAGRN100",
    brand: "Leaf & Kettle",
    material: "Tea leaves",
    materialCn: "茶叶",
    weight: 130,
    length: 12,
    width: 8,
    height: 5,
    stock: { US01: 180, DE01: 220 },
  },
  {
    sku: "PUZZLE-1000-MAP",
    productName: "Jigsaw puzzle 1000 pieces, world map",
    description: "1000-piece jigsaw puzzle of an antique world map, 68 x 48 cm.",
    declareName: "Jigsaw puzzle",
    declareNameCn: "拼图",
    hsCode: "950300",
    declareValue: 7.9,
    price: 25,
    customStorageNo: "PZL1000MAP",
    brand: "Leaf & Kettle",
    material: "Cardboard",
    materialCn: "纸板",
    weight: 650,
    length: 27,
    width: 20,
    height: 6,
    stock: { US01: 90, DE01: 75 },
  },
  {
    sku: "SCARF-SILK-90-NVY",
    productName: "Silk scarf 90 cm, navy",
    description: "Square mulberry silk scarf, 90 x 90 cm, hand-rolled edges.",
    declareName: "Silk scarf",
    declareNameCn: "丝巾",
    hsCode: "621410",
    declareValue: 11,
    price: 49,
    customStorageNo: "SCRFSLK90N",
    brand: "Northfield Basics",
    material: "Silk",
    materialCn: "桑蚕丝",
    weight: 60,
    length: 20,
    width: 15,
    height: 2,
    stock: { US01: 110, DE01: 130 },
  },
];

/**
 * Ages (in days) of the lots seeded stock arrived in, and the share of a SKU's stock in each, so
 * operation 19 shows several age buckets, including some old stock.
 */
export const seedLotAges: readonly { readonly days: number; readonly share: number }[] = [
  { days: 12, share: 0.5 },
  { days: 75, share: 0.3 },
  { days: 200, share: 0.15 },
  { days: 400, share: 0.05 },
];
