/**
 * The mapping over a table of orders: Shopify's real orders/create example and its variants, each
 * planned with the test shop's settings. Every package that comes out must be one the provider's
 * own schemas accept; every held one must say what to fix.
 */
import { describe, expect, it } from "vitest";
import { CreateDropshipBatchRequest, CreateOutboundBatchRequest, DropshipPackage, OutboundPackage } from "~/fulfilment/schemas";
import {
  addresses,
  exampleCase,
  exampleProducts as p,
  locations,
  type OrderCase,
  orderCase,
  product,
  rawExampleCase,
  testSettings,
} from "../fixtures/orders";
import { type PackagePlan, planPackage } from "~/connector/plan-package";
import type { ConnectorSettings } from "~/connector/settings";
import { en } from "~/lib/words/en";
import { reasonText, type ReasonSay } from "~/lib/words/reason-said";
import { zhCN } from "~/lib/words/zh-CN";

type Expected =
  | { kind: "OUTBOUND"; request?: object; warehouseId?: string; packageId?: string }
  | { kind: "DROPSHIP"; request?: object; location?: string }
  | { kind: "HELD"; reasons: object[] }
  | { kind: "WAIT"; code: string }
  | { kind: "SKIP"; code: string };

interface Row {
  name: string;
  build: () => OrderCase;
  settings?: ConnectorSettings;
  expected: Expected;
  /** Paths in the plan that must not be there (a field not sent at all). */
  absent?: string[];
}

const EXAMPLE_ORDER_ID = "820982911946154508";
const longStreet = "Flat 4, The Old Granary, 12 Long Acre Lane, Upper Wickham-on-the-Marsh Business Park, Building C, East";

const rows: Row[] = [
  // Shopify's example as sent.
  {
    name: "the orders/create example at warehouse US01 ships all five lines, company on street 2",
    build: () => rawExampleCase(),
    expected: {
      kind: "OUTBOUND",
      warehouseId: "US01",
      request: {
        PackageId: "9999_6001",
        ServiceCode: "US01-STD",
        SalesPlatform: "Shopify",
        SellPrice: 414.95,
        SellPriceCurrency: "USD",
        ShipToAddress: {
          Contact: "Steve Shipper",
          Street1: "123 Shipping Street",
          Street2: "Shipping Company",
          City: "Shippington",
          Province: "KY",
          Postcode: "40003",
          Country: "US",
          Phone: "555-555-SHIP",
          Email: "jon@example.com",
        },
        Skus: [
          {
            Sku: "SKU2006-001",
            Quantity: 1,
            Price: 89.99,
            ProductName: "Aviator sunglasses",
            PlatformItemId: "487817672276298554",
            PlatformTransactionId: EXAMPLE_ORDER_ID,
          },
          { Sku: "LENS-PROTECT-2YR" },
          { Sku: "CASE-LTH-01", PlatformItemId: "890123456789012345" },
          { Sku: "SKU2006-020" },
          { Sku: "SKU2006-035" },
        ],
      },
    },
  },
  {
    name: "the example as drop-ship is held: weightless lines and no HS codes for a cross-border parcel",
    build: () => rawExampleCase({ location: locations.SHENZHEN }),
    expected: {
      kind: "HELD",
      reasons: [
        { field: "Skus.HsCode", lineItemId: "gid://shopify/FulfillmentOrderLineItem/60011" },
        { field: "Skus.HsCode" },
        {
          field: "Skus.Weight",
          lineItemId: "gid://shopify/FulfillmentOrderLineItem/60012",
          message: "“Lens Protection Plan (2 Year)” has no weight. Enter its shipping weight on the product in Shopify, then retry.",
        },
        { field: "Skus.HsCode" },
        { field: "Skus.Weight", lineItemId: "gid://shopify/FulfillmentOrderLineItem/60013" },
        { field: "Skus.HsCode" },
        { field: "Skus.HsCode" },
      ],
    },
  },
  {
    name: "the example with its customs data as drop-ship from Shenzhen: weights in grams, HS for the US",
    build: () => exampleCase({ location: locations.SHENZHEN }),
    expected: {
      kind: "DROPSHIP",
      location: "SZX",
      request: {
        ServiceCode: "US01-EXP",
        Weight: 100 + 113 + 1000 + 499,
        SellPrice: 394.96,
        SellPriceCurrency: "USD",
        Sender: { Contact: "Li Wei", Country: "CN", City: "Shenzhen", Street1: "Keyuan Road 18", Postcode: "518057" },
        Skus: [
          {
            Sku: "SKU2006-001",
            Quantity: 1,
            Weight: 100,
            DeclareNameEn: "Aviator sunglasses",
            NewDeclareValue: { Value: 89.99, Currency: "USD" },
            Price: 89.99,
            HsCode: "900410",
            ProductDescription: "Country of origin: IT",
          },
          { Sku: "CASE-LTH-01", Weight: 113, HsCode: "420232" },
          { Sku: "SKU2006-020", Weight: 1000, HsCode: "9401710011" },
          { Sku: "SKU2006-035", Weight: 499, HsCode: "940360" },
        ],
      },
    },
  },

  // Domestic and cross-border.
  {
    name: "US domestic from US01 leaves the protection plan (no shipping) out",
    build: () => exampleCase(),
    expected: { kind: "OUTBOUND", request: { ServiceCode: "US01-STD", SellPrice: 394.96, Skus: [{}, {}, {}, {}] } },
  },
  {
    name: "Canada from US01: province code, the country's own service",
    build: () => exampleCase({ destination: addresses.CA }),
    expected: {
      kind: "OUTBOUND",
      request: { ServiceCode: "US01-ECO", ShipToAddress: { Contact: "John Smith", Province: "ON", Postcode: "K2H7A8", Country: "CA" } },
    },
  },
  {
    name: "Germany from DE01: non-ASCII name passes through, house number split, no VAT number at home",
    build: () => exampleCase({ location: locations.DE01, destination: addresses.DE }),
    expected: {
      kind: "OUTBOUND",
      warehouseId: "DE01",
      request: {
        ServiceCode: "DE01-STD",
        ShipToAddress: { Contact: "Zoë Müller", Street1: "Hauptstraße 5a", HouseNumber: "5a", Province: "Berlin", Postcode: "10115" },
      },
    },
    absent: ["request.VatCode"],
  },
  {
    name: "France from DE01 is within the EU: the shop's EU VAT number",
    build: () => exampleCase({ location: locations.DE01, destination: addresses.FR }),
    expected: {
      kind: "OUTBOUND",
      request: {
        ServiceCode: "DE01-ECO",
        VatCode: "DE123456789",
        ShipToAddress: { Contact: "Amélie Poulain", Street1: "15 Rue des Trois Frères", Country: "FR" },
      },
    },
  },
  {
    name: "Great Britain from DE01 is an import: the shop's UK VAT number",
    build: () => exampleCase({ location: locations.DE01, destination: addresses.GB }),
    expected: {
      kind: "OUTBOUND",
      request: { ServiceCode: "DE01-INT", VatCode: "GB123456789", ShipToAddress: { Postcode: "NW1 6XE", Province: "England" } },
    },
  },
  {
    name: "Japan from US01: 山田 太郎 family name first, prefecture by name, default service",
    build: () => exampleCase({ destination: addresses.JP }),
    expected: {
      kind: "OUTBOUND",
      request: {
        ServiceCode: "US01-INT",
        ShipToAddress: {
          Contact: "山田 太郎",
          Street1: "丸の内1-1-1",
          Street2: "パレスビル 3F",
          City: "千代田区",
          Province: "Tōkyō",
          Postcode: "100-0005",
          Country: "JP",
        },
      },
    },
  },
  {
    name: "Australia from US01: state as its code",
    build: () => exampleCase({ destination: addresses.AU }),
    expected: { kind: "OUTBOUND", request: { ServiceCode: "US01-INT", ShipToAddress: { Province: "NSW", Postcode: "2000" } } },
  },
  {
    name: "Netherlands from US01 is an EU import with VAT charged at checkout: IOSS, house number with addition",
    build: () => exampleCase({ destination: addresses.NL, tax: "82.94" }),
    expected: { kind: "OUTBOUND", request: { VatCode: "IM2760000742", ShipToAddress: { HouseNumber: "123-2", Postcode: "1015 CJ" } } },
  },
  {
    name: "Italy from DE01: province as its sigla",
    build: () => exampleCase({ location: locations.DE01, destination: addresses.IT }),
    expected: { kind: "OUTBOUND", request: { ServiceCode: "DE01-ECO", ShipToAddress: { Province: "MI", City: "Milano" } } },
  },
  {
    name: "Spain from DE01: province by name, accents kept",
    build: () => exampleCase({ location: locations.DE01, destination: addresses.ES }),
    expected: {
      kind: "OUTBOUND",
      request: { ShipToAddress: { Contact: "José García Núñez", Street2: "3º izquierda", Province: "Madrid", Postcode: "28014" } },
    },
  },
  {
    name: "Brazil with the customer's CPF: tax id as digits",
    build: () => exampleCase({ destination: addresses.BR, localizedFields: [{ key: "TAX_CREDENTIAL_BR", value: "123.456.789-09" }] }),
    expected: {
      kind: "OUTBOUND",
      request: { ShipToAddress: { TaxId: "12345678909", Province: "SP", City: "São Paulo", Postcode: "01310-200" } },
    },
  },
  {
    name: "Brazil without a CPF or CNPJ is held",
    build: () => exampleCase({ destination: addresses.BR }),
    expected: {
      kind: "HELD",
      reasons: [
        {
          field: "ShipToAddress.TaxId",
          message:
            "Customs in Brazil (BR) need the recipient's CPF or CNPJ, and the order has none. Ask the customer for it and add it to the order, then retry.",
        },
      ],
    },
  },
  {
    name: "Brazil with a malformed CPF is held naming the value",
    build: () => exampleCase({ destination: addresses.BR, localizedFields: [{ key: "TAX_CREDENTIAL_BR", value: "1234" }] }),
    expected: { kind: "HELD", reasons: [{ field: "ShipToAddress.TaxId", value: "1234" }] },
  },
  {
    name: "Korea with the customs code (PCCC): 김 민준, family name first",
    build: () => exampleCase({ destination: addresses.KR, localizedFields: [{ key: "SHIPPING_CREDENTIAL_KR", value: "P123456789012" }] }),
    expected: { kind: "OUTBOUND", request: { ShipToAddress: { Contact: "김 민준", TaxId: "P123456789012", Country: "KR" } } },
  },

  {
    name: "an order in yen, a currency without decimals, built from scratch",
    build: () =>
      orderCase({
        name: "#JP-2001",
        currency: "JPY",
        destination: addresses.JP,
        lines: [product({ sku: "TEA-01", title: "Sencha green tea", price: "1500", quantity: 2 })],
      }),
    expected: {
      kind: "OUTBOUND",
      packageId: "JP-2001_6001",
      request: { SellPrice: 3000, SellPriceCurrency: "JPY", Skus: [{ Price: 1500, Quantity: 2 }] },
    },
  },

  // Non-ASCII names, addresses and products on drop-ship parcels.
  {
    name: "Søren Ærø in Denmark by drop-ship: address as written, accented title transliterated for customs",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        destination: addresses.DK,
        lines: [product({ sku: "MUG-HYG", title: "Hyggelig kaffekop – Ærø blå", price: "15.00" })],
      }),
    expected: {
      kind: "DROPSHIP",
      request: {
        ServiceCode: "US01-EXP",
        ShipToAddress: { Contact: "Søren Ærø", City: "Ærøskøbing", Postcode: "5970" },
        Skus: [{ DeclareNameEn: "Hyggelig kaffekop AEro bla", ProductName: "Hyggelig kaffekop – Ærø blå" }],
      },
    },
  },
  {
    name: "Zoë Müller in Berlin by drop-ship: Crème brûlée set declared as Creme brulee set, IOSS for EUR 49",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        destination: addresses.DE,
        currency: "EUR",
        tax: "9.31",
        lines: [product({ sku: "CB-SET", title: "Crème brûlée set", price: "49.00", hsByCountry: { DE: "6912.00.10" } })],
      }),
    expected: {
      kind: "DROPSHIP",
      request: {
        ServiceCode: "DE01-EXP",
        VatCode: "IM2760000742",
        SellPriceCurrency: "EUR",
        Skus: [{ DeclareNameEn: "Creme brulee set", HsCode: "69120010", NewDeclareValue: { Value: 49, Currency: "EUR" } }],
      },
    },
  },
  {
    name: "a Japanese product title uses the shop's fallback customs name",
    build: () =>
      exampleCase({ location: locations.SHENZHEN, destination: addresses.JP, lines: [product({ sku: "CHAWAN-01", title: "抹茶茶碗" })] }),
    settings: testSettings({ customs: { fallbackDeclaredName: "Ceramic tableware" } }),
    expected: { kind: "DROPSHIP", request: { Skus: [{ DeclareNameEn: "Ceramic tableware", ProductName: "抹茶茶碗" }] } },
  },
  {
    name: "a Japanese product title with no fallback is held: the customs name must be English",
    build: () =>
      exampleCase({ location: locations.SHENZHEN, destination: addresses.JP, lines: [product({ sku: "CHAWAN-01", title: "抹茶茶碗" })] }),
    expected: { kind: "HELD", reasons: [{ field: "Skus.DeclareNameEn", value: "抹茶茶碗" }] },
  },
  {
    name: "the SKU's customs name from settings wins over the product title",
    build: () =>
      exampleCase({ location: locations.SHENZHEN, destination: addresses.JP, lines: [product({ sku: "CHAWAN-01", title: "抹茶茶碗" })] }),
    settings: testSettings({ skus: { strict: false, bySku: { "CHAWAN-01": { declaredName: "Tea bowl (ceramic)" } } } }),
    expected: { kind: "DROPSHIP", request: { Skus: [{ Sku: "CHAWAN-01", DeclareNameEn: "Tea bowl (ceramic)" }] } },
  },

  // Lines and quantities.
  {
    name: "multi-line, multi-quantity: quantities and sell price multiply",
    build: () => exampleCase({ lines: [p.sunglasses({ quantity: 3 }), p.leatherCase({ quantity: 2 })] }),
    expected: {
      kind: "OUTBOUND",
      request: {
        SellPrice: 319.95,
        Skus: [
          { Sku: "SKU2006-001", Quantity: 3, Price: 89.99 },
          { Sku: "CASE-LTH-01", Quantity: 2 },
        ],
      },
    },
  },
  {
    name: "a partially fulfilled line ships only what remains",
    build: () => exampleCase({ lines: [p.sunglasses({ quantity: 3, remaining: 1 }), p.lounger()] }),
    expected: {
      kind: "OUTBOUND",
      request: {
        SellPrice: 249.98,
        Skus: [
          { Sku: "SKU2006-001", Quantity: 1 },
          { Sku: "SKU2006-020", Quantity: 1 },
        ],
      },
    },
  },
  {
    name: "a line removed from the order (nothing remaining) is left out",
    build: () => exampleCase({ lines: [p.sunglasses(), p.coffeeTable({ quantity: 1, remaining: 0 })] }),
    expected: { kind: "OUTBOUND", request: { Skus: [{ Sku: "SKU2006-001" }] } },
  },
  {
    name: "every line already fulfilled: nothing to ship",
    build: () => exampleCase({ lines: [p.sunglasses({ remaining: 0 }), p.lounger({ remaining: 0 })] }),
    expected: { kind: "SKIP", code: "NOTHING_TO_SHIP" },
  },
  {
    name: "a gift card in the order is left out of the parcel",
    build: () =>
      exampleCase({
        lines: [p.sunglasses(), product({ sku: "GIFT-50", title: "Gift card", price: "50.00", giftCard: true, requiresShipping: false })],
      }),
    expected: { kind: "OUTBOUND", request: { SellPrice: 89.99, Skus: [{ Sku: "SKU2006-001" }] } },
  },
  {
    name: "an order of only a gift card has nothing to ship",
    build: () => exampleCase({ lines: [product({ sku: "GIFT-50", title: "Gift card", giftCard: true })] }),
    expected: { kind: "SKIP", code: "NOTHING_TO_SHIP" },
  },
  {
    name: "a line that does not require shipping (a warranty) is left out",
    build: () => exampleCase({ lines: [p.protectionPlan(), p.coffeeTable()] }),
    expected: { kind: "OUTBOUND", request: { Skus: [{ Sku: "SKU2006-035" }] } },
  },
  {
    name: "a line without a SKU is held, named by its product",
    build: () => exampleCase({ lines: [p.sunglasses(), product({ sku: null, title: "Hand-painted vase", variantTitle: "Blue" })] }),
    expected: {
      kind: "HELD",
      reasons: [
        {
          field: "Skus.Sku",
          lineItemId: "gid://shopify/FulfillmentOrderLineItem/60012",
          message:
            "“Hand-painted vase – Blue” has no SKU, so the warehouse cannot tell what to ship. Give the product variant a SKU in Shopify, then retry.",
        },
      ],
    },
  },
  {
    name: "with a strict SKU mapping, an unmapped SKU is held",
    build: () => exampleCase({ lines: [p.leatherCase(), p.sunglasses()] }),
    settings: testSettings({ skus: { strict: true, bySku: { "CASE-LEATHER-PREM": { providerSku: "CASE-LTH-01" } } } }),
    expected: { kind: "HELD", reasons: [{ field: "Skus.Sku", value: "SKU2006-001" }] },
  },
  {
    name: "with a strict SKU mapping, mapped SKUs ship under the provider's SKU",
    build: () => exampleCase({ lines: [p.leatherCase()] }),
    settings: testSettings({ skus: { strict: true, bySku: { "CASE-LEATHER-PREM": { providerSku: "CASE-LTH-01" } } } }),
    expected: { kind: "OUTBOUND", request: { Skus: [{ Sku: "CASE-LTH-01", ProductName: "Premium Leather Case" }] } },
  },
  // Kits (decision 0047): picked at the warehouse as their components.
  {
    name: "a kit's line is sent as its components times the kits ordered, each naming the kit's line",
    build: () => exampleCase({ lines: [p.sunglasses({ quantity: 3 }), p.leatherCase({ quantity: 2 })] }),
    settings: testSettings({
      kits: {
        "SKU2006-001": [
          { sku: "FRAME-01", quantity: 1 },
          { sku: "LENS-PAIR-01", quantity: 2 },
        ],
      },
    }),
    expected: {
      kind: "OUTBOUND",
      request: {
        SellPrice: 319.95,
        Skus: [
          { Sku: "FRAME-01", Quantity: 3 },
          { Sku: "LENS-PAIR-01", Quantity: 6 },
          { Sku: "CASE-LTH-01", Quantity: 2 },
        ],
      },
    },
    absent: ["request.Skus.0.Price", "request.Skus.1.Price"],
  },
  {
    name: "with a strict SKU mapping, a kit counts as mapped",
    build: () => exampleCase({ lines: [p.sunglasses()] }),
    settings: testSettings({ skus: { strict: true, bySku: {} }, kits: { "SKU2006-001": [{ sku: "FRAME-01", quantity: 1 }] } }),
    expected: { kind: "OUTBOUND", request: { Skus: [{ Sku: "FRAME-01", Quantity: 1 }] } },
  },
  {
    name: "a drop-ship parcel the merchant packs declares a kit as sold",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        destination: addresses.JP,
        lines: [product({ sku: "CHAWAN-SET", title: "Tea bowl set" })],
      }),
    settings: testSettings({
      skus: { strict: false, bySku: { "CHAWAN-SET": { declaredName: "Tea bowls (ceramic)" } } },
      kits: { "CHAWAN-SET": [{ sku: "CHAWAN-01", quantity: 2 }] },
    }),
    expected: { kind: "DROPSHIP", request: { Skus: [{ Sku: "CHAWAN-SET", Quantity: 1 }] } },
  },

  // Address limits and gaps.
  {
    name: "street 1 over 100 characters is held with its length and the limit, never cut",
    build: () => exampleCase({ destination: { ...addresses.GB, address1: longStreet } }),
    settings: testSettings(),
    expected: {
      kind: "HELD",
      reasons: [
        {
          field: "ShipToAddress.Street1",
          value: longStreet,
          limit: 100,
          message: `Street 1 is ${longStreet.length} characters; the carrier accepts at most 100. Shorten the address in the order, then retry.`,
        },
      ],
    },
  },
  {
    name: "a recipient name over 50 characters is held",
    build: () =>
      exampleCase({ destination: { ...addresses.US, firstName: "Maximilian Alexander Christopher", lastName: "Montgomery-Wellington" } }),
    expected: { kind: "HELD", reasons: [{ field: "ShipToAddress.Contact", limit: 50 }] },
  },
  {
    name: "every over-long field is reported at once: company line, city and phone",
    build: () =>
      exampleCase({
        destination: {
          ...addresses.US,
          company: "The Very Long Named International Shipping, Forwarding and Receiving Company of Greater Kentucky, Incorporated",
          city: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch",
          phone: "+1 (555) 555-0100 ext. 12345",
        },
      }),
    expected: {
      kind: "HELD",
      reasons: [
        { field: "ShipToAddress.Street2", limit: 100 },
        { field: "ShipToAddress.City", limit: 50 },
        { field: "ShipToAddress.Phone", limit: 20, value: "+1 (555) 555-0100 ext. 12345" },
      ],
    },
  },
  {
    name: "an email over 100 characters is held",
    build: () => exampleCase({ email: `${"a".repeat(95)}@example.com`, destination: { ...addresses.US, email: null } }),
    expected: { kind: "HELD", reasons: [{ field: "ShipToAddress.Email", limit: 100 }] },
  },
  {
    name: "a shipping address without a country is held",
    build: () => exampleCase({ destination: { ...addresses.US, countryCode: null } }),
    expected: {
      kind: "HELD",
      reasons: [
        {
          field: "ShipToAddress.Country",
          message: "The shipping address has no country. Add the country to the order's shipping address, then retry.",
        },
      ],
    },
  },
  {
    name: "a drop-ship parcel without a country is held with its customs gaps too",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        destination: { ...addresses.FR, countryCode: null },
        lines: [p.sunglasses(), product({ sku: "OLD-01", title: "Old poster", weight: null })],
      }),
    expected: {
      kind: "HELD",
      reasons: [{ field: "ShipToAddress.Country" }, { field: "Skus.Weight", lineItemId: "gid://shopify/FulfillmentOrderLineItem/60012" }],
    },
  },
  {
    name: "an order without a shipping address is held",
    build: () => exampleCase({ destination: null }),
    expected: {
      kind: "HELD",
      reasons: [{ field: "ShipToAddress.Country", message: "The order has no shipping address. Add one to the order, then retry." }],
    },
  },
  {
    name: "a US address without street, city or ZIP is held for each",
    build: () => exampleCase({ destination: { ...addresses.US, address1: " ", city: null, zip: "" } }),
    expected: {
      kind: "HELD",
      reasons: [{ field: "ShipToAddress.Street1" }, { field: "ShipToAddress.City" }, { field: "ShipToAddress.Postcode" }],
    },
  },
  {
    name: "a German postcode of four digits is impossible: held",
    build: () => exampleCase({ location: locations.DE01, destination: { ...addresses.DE, zip: "1011" } }),
    expected: { kind: "HELD", reasons: [{ field: "ShipToAddress.Postcode", value: "1011" }] },
  },
  {
    name: "a German street without a house number is held",
    build: () => exampleCase({ location: locations.DE01, destination: { ...addresses.DE, address1: "Hauptstraße" } }),
    expected: { kind: "HELD", reasons: [{ field: "ShipToAddress.HouseNumber", value: "Hauptstraße" }] },
  },
  {
    name: "a German house number typed into the second line is found there",
    build: () => exampleCase({ location: locations.DE01, destination: { ...addresses.DE, address1: "Hauptstraße", address2: "12" } }),
    expected: { kind: "OUTBOUND", request: { ShipToAddress: { Street1: "Hauptstraße", Street2: "12", HouseNumber: "12" } } },
  },
  {
    name: "a company without a person's name is the contact",
    build: () => exampleCase({ destination: { ...addresses.US, firstName: null, lastName: " " } }),
    expected: { kind: "OUTBOUND", request: { ShipToAddress: { Contact: "Shipping Company" } } },
    absent: ["request.ShipToAddress.Street2"],
  },
  {
    name: "neither name nor company: held",
    build: () => exampleCase({ destination: { ...addresses.US, firstName: null, lastName: null, company: null } }),
    expected: { kind: "HELD", reasons: [{ field: "ShipToAddress.Contact" }] },
  },
  {
    name: "phone and email fall back to the order's",
    build: () => exampleCase({ phone: "+1 502 555 0199", email: "steve@example.com", destination: { ...addresses.US, phone: null } }),
    expected: { kind: "OUTBOUND", request: { ShipToAddress: { Phone: "+1 502 555 0199", Email: "steve@example.com" } } },
  },

  // Routing.
  {
    name: "Japan from DE01, where no service is set for it: held, telling which setting to add",
    build: () => exampleCase({ location: locations.DE01, destination: addresses.JP }),
    expected: {
      kind: "HELD",
      reasons: [
        {
          field: "ServiceCode",
          value: "JP",
          message:
            "No shipping service is set for Japan (JP) at warehouse DE01. Add a service for JP, or a default service, in Settings > Warehouses and routing, then retry.",
        },
      ],
    },
  },
  {
    name: "a fulfillment order at a location not connected to the provider is skipped",
    build: () => exampleCase({ location: locations.RETAIL }),
    expected: { kind: "SKIP", code: "NOT_ROUTED" },
  },
  {
    name: "a fulfillment order whose location was deleted is skipped",
    build: () => exampleCase({ location: null }),
    expected: { kind: "SKIP", code: "NOT_ROUTED" },
  },
  {
    name: "a fulfillment order on hold in Shopify waits for its release",
    build: () => exampleCase({ status: "ON_HOLD" }),
    expected: { kind: "WAIT", code: "SHOPIFY_HOLD" },
  },
  {
    name: "a cancelled fulfillment order is skipped",
    build: () => exampleCase({ status: "CANCELLED" }),
    expected: { kind: "SKIP", code: "CLOSED" },
  },
  {
    name: "a local pickup is not shipped",
    build: () => exampleCase({ deliveryMethod: "PICK_UP" }),
    expected: { kind: "SKIP", code: "NOT_SHIPPED" },
  },
  {
    name: "an accepted fulfillment request (in progress) is planned",
    build: () => exampleCase({ status: "IN_PROGRESS" }),
    expected: { kind: "OUTBOUND" },
  },

  // Cash on delivery.
  {
    name: "cash on delivery: the parcel collects what the customer owes",
    build: () => exampleCase({ gateways: ["Cash on Delivery (COD)"], outstanding: "404.95" }),
    expected: { kind: "OUTBOUND", request: { CodAmount: 404.95, SellPrice: 394.96 } },
  },
  {
    name: "cash on delivery in Germany (Nachnahme) by drop-ship, in euros",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        destination: addresses.DE,
        currency: "EUR",
        gateways: ["Nachnahme"],
        outstanding: "55.90",
        lines: [product({ sku: "CB-SET", title: "Crème brûlée set", price: "49.00" })],
      }),
    expected: { kind: "DROPSHIP", request: { CodAmount: 55.9, SellPriceCurrency: "EUR" } },
  },
  {
    name: "cash on delivery split over two packages is held instead of charging twice",
    build: () =>
      exampleCase({
        gateways: ["Cash on Delivery (COD)"],
        outstanding: "249.98",
        lines: [p.sunglasses()],
        orderLines: [
          { id: "gid://shopify/LineItem/487817672276298554", unfulfilledQuantity: 1, requiresShipping: true, isGiftCard: false },
          { id: "gid://shopify/LineItem/976318377106520349", unfulfilledQuantity: 1, requiresShipping: true, isGiftCard: false },
        ],
      }),
    expected: { kind: "HELD", reasons: [{ field: "CodAmount", value: "249.98" }] },
  },
  {
    name: "cash on delivery whose amount to collect was not read is held, never sent without it",
    build: () => {
      const read = exampleCase({ gateways: ["Cash on Delivery (COD)"], outstanding: "404.95" });
      return { ...read, order: { ...read.order, totalOutstanding: null, lineItems: null } };
    },
    expected: { kind: "HELD", reasons: [{ field: "CodAmount" }] },
  },
  {
    name: "an order not paid cash on delivery plans without its outstanding amount and lines (not read)",
    build: () => {
      const read = exampleCase({ outstanding: "404.95" });
      return { ...read, order: { ...read.order, totalOutstanding: null, lineItems: null } };
    },
    expected: { kind: "OUTBOUND" },
    absent: ["request.CodAmount"],
  },
  {
    name: "cash on delivery already paid collects nothing",
    build: () => exampleCase({ gateways: ["Cash on Delivery (COD)"], outstanding: "0.00" }),
    expected: { kind: "OUTBOUND" },
    absent: ["request.CodAmount"],
  },

  // Customs for drop-ship.
  {
    name: "EU import above EUR 150 is outside the IOSS: no VAT code, the recipient pays import VAT",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        destination: addresses.FR,
        currency: "EUR",
        tax: "32.00",
        lines: [product({ sku: "LAMP-01", title: "Desk lamp", price: "80.00", quantity: 2 })],
      }),
    expected: { kind: "DROPSHIP", request: { SellPrice: 160 } },
    absent: ["request.VatCode"],
  },
  {
    name: "EU import where the shop charged no VAT at checkout does not claim the IOSS",
    build: () =>
      exampleCase({ location: locations.SHENZHEN, destination: addresses.FR, currency: "EUR", tax: "0.00", lines: [p.sunglasses()] }),
    expected: { kind: "DROPSHIP", request: { ServiceCode: "DE01-EXP" } },
    absent: ["request.VatCode"],
  },
  {
    name: "EU import without an IOSS number in settings sends no VAT code",
    build: () => exampleCase({ location: locations.SHENZHEN, destination: addresses.NL, tax: "18.90", lines: [p.sunglasses()] }),
    settings: testSettings({ taxIds: {} }),
    expected: { kind: "DROPSHIP", request: { ServiceCode: "DE01-EXP" } },
    absent: ["request.VatCode"],
  },
  {
    name: "a shop without an IOSS number plans an EU import without the tax total (not read)",
    build: () => {
      const read = exampleCase({ location: locations.SHENZHEN, destination: addresses.NL, tax: "18.90", lines: [p.sunglasses()] });
      return { ...read, order: { ...read.order, totalTax: null } };
    },
    settings: testSettings({ taxIds: {} }),
    expected: { kind: "DROPSHIP", request: { ServiceCode: "DE01-EXP" } },
    absent: ["request.VatCode"],
  },
  {
    name: "a shop with an IOSS number whose order's tax total was not read is held, never declared by a guess",
    build: () => {
      const read = exampleCase({ location: locations.SHENZHEN, destination: addresses.NL, tax: "18.90", lines: [p.sunglasses()] });
      return { ...read, order: { ...read.order, totalTax: null } };
    },
    expected: { kind: "HELD", reasons: [{ field: "order.totalTax" }] },
  },
  {
    name: "paid in euros, declared in the shop's dollars when settings say so",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        destination: addresses.IT,
        currency: "USD",
        presentmentCurrency: "EUR",
        tax: "18.04",
        lines: [p.sunglasses({ price: "82.00", shopPrice: "89.99" })],
      }),
    settings: testSettings({ customs: { declaredValueCurrency: "SHOP" } }),
    expected: {
      kind: "DROPSHIP",
      request: {
        SellPrice: 82,
        SellPriceCurrency: "EUR",
        VatCode: "IM2760000742",
        Skus: [{ Price: 82, NewDeclareValue: { Value: 89.99, Currency: "USD" } }],
      },
    },
  },
  {
    name: "a product without an HS code uses the shop's default HS code",
    build: () => exampleCase({ location: locations.SHENZHEN, lines: [product({ sku: "SCARF-01", title: "Silk scarf", hsCode: null })] }),
    settings: testSettings({ customs: { defaultHsCode: "621410" } }),
    expected: { kind: "DROPSHIP", request: { Skus: [{ HsCode: "621410" }] } },
  },
  {
    name: "an HS code that is too short is held",
    build: () => exampleCase({ location: locations.SHENZHEN, lines: [product({ sku: "SCARF-01", title: "Silk scarf", hsCode: "62.14" })] }),
    expected: { kind: "HELD", reasons: [{ field: "Skus.HsCode", value: "62.14" }] },
  },
  {
    name: "a product whose variant was deleted has no weight to declare: held",
    build: () =>
      exampleCase({ location: locations.SHENZHEN, lines: [product({ sku: "OLD-01", title: "Old poster", variantDeleted: true })] }),
    settings: testSettings({ customs: { defaultHsCode: "491191" } }),
    expected: { kind: "HELD", reasons: [{ field: "Skus.Weight" }] },
  },
  {
    name: "a product title over 100 characters: no product name, fallback customs name",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        lines: [product({ sku: "TEE-3P", title: `Men's Cotton T-Shirt ${"Crew Neck ".repeat(9)}Pack of 3` })],
      }),
    settings: testSettings({ customs: { fallbackDeclaredName: "Cotton T-shirts" } }),
    expected: { kind: "DROPSHIP", request: { Skus: [{ DeclareNameEn: "Cotton T-shirts" }] } },
    absent: ["request.Skus.0.ProductName"],
  },
  {
    name: "a product title over 100 characters and no fallback: held with the limit",
    build: () =>
      exampleCase({
        location: locations.SHENZHEN,
        lines: [product({ sku: "TEE-3P", title: `Men's Cotton T-Shirt ${"Crew Neck ".repeat(9)}Pack of 3` })],
      }),
    expected: { kind: "HELD", reasons: [{ field: "Skus.DeclareNameEn", limit: 100 }] },
  },
];

function assertAcceptedByProvider(plan: PackagePlan): void {
  if (plan.kind === "OUTBOUND") {
    expect(OutboundPackage.parse(plan.request)).toEqual(plan.request);
    CreateOutboundBatchRequest.parse({ WarehouseId: plan.warehouseId, Packages: [plan.request] });
  }
  if (plan.kind === "DROPSHIP") {
    expect(DropshipPackage.parse(plan.request)).toEqual(plan.request);
    CreateDropshipBatchRequest.parse({ Location: plan.location, Packages: [plan.request] });
  }
}

/**
 * A reason the admin says in the merchant's language (decision 0045): it names a sentence of the
 * catalogue, its English message is that sentence's English, and Chinese says it in Chinese.
 */
function expectSaidInEveryLanguage(reason: { message: string; say?: ReasonSay | undefined }) {
  const say = reason.say;
  expect(say, reason.message).toBeDefined();
  if (say === undefined) return;
  const sentence = (en.reasons as Record<string, (...args: (string | number)[]) => string>)[say.key];
  expect(sentence?.(...say.args), say.key).toBe(reason.message);
  const chinese = reasonText(zhCN.reasons, reason);
  expect(chinese, say.key).not.toBe(reason.message);
  expect(chinese, say.key).toMatch(/\p{Script=Han}/u);
}

describe("planPackage over the order table", () => {
  it("has at least 40 orders", () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });

  it.each(rows)("$name", ({ build, settings, expected, absent = [] }) => {
    const { fo, order } = build();
    const plan = planPackage(fo, order, settings ?? testSettings());
    expect(plan).toMatchObject(expected);
    for (const path of absent) expect(plan).not.toHaveProperty(path);
    assertAcceptedByProvider(plan);
    if (plan.kind === "HELD") {
      expect(plan.reasons.length).toBe((expected as { reasons: object[] }).reasons.length);
      for (const reason of plan.reasons) expect(reason.message).toMatch(/, then retry\.$/);
      for (const reason of plan.reasons) expectSaidInEveryLanguage(reason);
    }
    if (plan.kind === "WAIT") expectSaidInEveryLanguage(plan);
  });
});

describe("planPackage", () => {
  it("gives the two fulfillment orders of a split order two packages", () => {
    const sunglasses = p.sunglasses();
    const lounger = p.lounger();
    const orderLines = [sunglasses, lounger].map((line) => ({
      id: line.lineItemId ?? "",
      unfulfilledQuantity: 1,
      requiresShipping: true,
      isGiftCard: false,
    }));
    const atWarehouse = exampleCase({ foId: "7001", lines: [sunglasses], orderLines });
    const atShenzhen = exampleCase({ foId: "7002", location: locations.SHENZHEN, lines: [lounger], orderLines });
    const first = planPackage(atWarehouse.fo, atWarehouse.order, testSettings());
    const second = planPackage(atShenzhen.fo, atShenzhen.order, testSettings());
    expect(first).toMatchObject({ kind: "OUTBOUND", packageId: "9999_7001", request: { Skus: [{ Sku: "SKU2006-001" }] } });
    expect(second).toMatchObject({ kind: "DROPSHIP", packageId: "9999_7002", request: { Skus: [{ Sku: "SKU2006-020" }] } });
  });

  it("plans the same fulfillment order the same way every time", () => {
    const { fo, order } = exampleCase({ location: locations.SHENZHEN, destination: addresses.JP });
    expect(planPackage(fo, order, testSettings())).toEqual(planPackage(fo, order, testSettings()));
  });

  it("keeps the PackageId of a held shipment, so the retry sends the same package", () => {
    const { fo, order } = exampleCase({ destination: { ...addresses.US, countryCode: null } });
    const held = planPackage(fo, order, testSettings());
    const fixed = planPackage({ ...fo, destination: addresses.US }, order, testSettings());
    expect(held).toMatchObject({ kind: "HELD", shipmentKind: "OUTBOUND" });
    expect(held.kind === "HELD" && fixed.kind === "OUTBOUND" && held.packageId === fixed.packageId).toBe(true);
  });

  it("refuses facts of two different orders: a caller's bug, not a merchant's", () => {
    const { fo } = exampleCase();
    const { order } = exampleCase({ orderId: "1234" });
    expect(() => planPackage(fo, order, testSettings())).toThrow(/belongs to/);
  });
});

describe("packages that wait", () => {
  const waitOf = (plan: PackagePlan) => (plan.kind === "WAIT" ? { code: plan.code, until: plan.until } : plan.kind);

  it("waits on a hold placed in Shopify, naming it, before anything else is checked", () => {
    const { fo, order } = exampleCase({ destination: { ...addresses.US, countryCode: null } });
    const plan = planPackage(
      { ...fo, status: "ON_HOLD", holds: [{ reason: "INCORRECT_ADDRESS", notes: "Customer checks", displayReason: "Incorrect address" }] },
      order,
      testSettings(),
    );
    expect(waitOf(plan)).toEqual({ code: "SHOPIFY_HOLD", until: null });
    expect(plan.kind === "WAIT" && plan.message).toMatch(/On hold in Shopify: Incorrect address \(Customer checks\)/);
  });

  it("waits for a scheduled fulfillment order's date", () => {
    const { fo, order } = exampleCase();
    expect(waitOf(planPackage({ ...fo, status: "SCHEDULED", fulfillAt: "2026-12-01T09:00:00Z" }, order, testSettings()))).toEqual({
      code: "SCHEDULED",
      until: "2026-12-01T09:00:00Z",
    });
  });

  it("waits for payment unless the shop ships unpaid orders; authorized and cash on delivery count as paid", () => {
    const { fo, order } = exampleCase();
    expect(waitOf(planPackage(fo, { ...order, financialStatus: "PENDING" }, testSettings()))).toEqual({
      code: "AWAITING_PAYMENT",
      until: null,
    });
    expect(planPackage(fo, { ...order, financialStatus: "PENDING" }, testSettings({ orders: { shipUnpaid: true } })).kind).toBe("OUTBOUND");
    expect(planPackage(fo, { ...order, financialStatus: "AUTHORIZED" }, testSettings()).kind).toBe("OUTBOUND");
    expect(
      planPackage(fo, { ...order, financialStatus: "PENDING", paymentGatewayNames: ["Cash on Delivery (COD)"] }, testSettings()).kind,
    ).toBe("OUTBOUND");
  });

  it("waits on an order Shopify rates high risk unless the shop ships them", () => {
    const { fo, order } = exampleCase();
    expect(waitOf(planPackage(fo, { ...order, riskLevel: "HIGH" }, testSettings()))).toEqual({ code: "HIGH_RISK", until: null });
    expect(waitOf(planPackage(fo, { ...order, riskRecommendation: "CANCEL" }, testSettings()))).toEqual({ code: "HIGH_RISK", until: null });
    expect(planPackage(fo, { ...order, riskLevel: "MEDIUM" }, testSettings()).kind).toBe("OUTBOUND");
    expect(planPackage(fo, { ...order, riskLevel: "HIGH" }, testSettings({ orders: { shipHighRisk: true } })).kind).toBe("OUTBOUND");
  });
});

describe("why a package waits, in every language", () => {
  it("says each wait by a sentence of the catalogue: Shopify's hold, a date, payment, terms, fraud risk", () => {
    const { fo, order } = exampleCase();
    const hold = { reason: "OTHER" as const, notes: null, displayReason: "Other" };
    const terms = { type: "RECEIPT", name: "Due on receipt", dueInDays: null, dueAt: null } as const;
    const company = { name: "Harbour Trading Ltd", location: null };
    const plans = [
      planPackage({ ...fo, status: "ON_HOLD", holds: [hold] }, order, testSettings()),
      planPackage({ ...fo, status: "ON_HOLD", holds: [] }, order, testSettings()),
      planPackage({ ...fo, status: "SCHEDULED", fulfillAt: "2026-12-01T09:00:00Z" }, order, testSettings()),
      planPackage({ ...fo, status: "SCHEDULED", fulfillAt: null }, order, testSettings()),
      planPackage(fo, { ...order, financialStatus: "PARTIALLY_PAID" }, testSettings()),
      planPackage(fo, { ...order, financialStatus: "PENDING", purchasingCompany: company, paymentTerms: terms }, testSettings()),
      planPackage(
        fo,
        { ...order, financialStatus: "PENDING", paymentTerms: { ...terms, type: "UNKNOWN", name: "Custom" } },
        testSettings(),
      ),
      planPackage(fo, { ...order, financialStatus: "PENDING", companyFactsDenied: true }, testSettings()),
      planPackage(fo, { ...order, riskLevel: "HIGH" }, testSettings()),
    ];
    for (const plan of plans) {
      expect(plan.kind).toBe("WAIT");
      if (plan.kind === "WAIT") expectSaidInEveryLanguage(plan);
    }
    const scheduled = plans[2];
    expect(scheduled?.kind === "WAIT" && reasonText(zhCN.reasons, scheduled)).toBe(
      "在 Shopify 中预定于 2026-12-01 09:00 UTC 发货（订阅或预售）：Shopify 开放后即会发出。",
    );
  });
});

describe("company orders on payment terms (B2B)", () => {
  const net30 = { type: "NET", name: "Net 30", dueInDays: 30, dueAt: "2026-12-29T00:00:00Z" } as const;
  const company = { name: "Harbour Trading Ltd", location: "Rotterdam depot" };
  const companyOrder = (terms: {
    type: "NET" | "FIXED" | "FULFILLMENT" | "RECEIPT" | "UNKNOWN";
    name: string;
    dueInDays: number | null;
    dueAt: string | null;
  }) => {
    const { fo, order } = exampleCase();
    return { fo, order: { ...order, financialStatus: "PENDING", purchasingCompany: company, paymentTerms: terms } };
  };

  it("ships net, fixed-date and on-fulfilment terms unpaid by default; due on receipt waits", () => {
    for (const terms of [
      net30,
      { type: "FIXED", name: "Fixed", dueInDays: null, dueAt: "2027-01-15T00:00:00Z" },
      { type: "FULFILLMENT", name: "Due on fulfillment", dueInDays: null, dueAt: null },
    ] as const) {
      const { fo, order } = companyOrder(terms);
      expect(planPackage(fo, order, testSettings()).kind).toBe("OUTBOUND");
    }
    const { fo, order } = companyOrder({ type: "RECEIPT", name: "Due on receipt", dueInDays: null, dueAt: null });
    expect(planPackage(fo, order, testSettings())).toMatchObject({ kind: "WAIT", code: "AWAITING_PAYMENT" });
  });

  it("waits on terms the shop switched off, naming the company, the terms and the setting", () => {
    const { fo, order } = companyOrder(net30);
    const plan = planPackage(fo, order, testSettings({ orders: { shipOnTerms: { NET: false } } }));
    expect(plan).toMatchObject({ kind: "WAIT", code: "AWAITING_PAYMENT" });
    expect(plan.kind === "WAIT" && plan.message).toBe(
      `Order ${order.name} of Harbour Trading Ltd is on payment terms Net 30, due 2026-12-29, and this shop holds orders on net terms until they are paid: it is sent once Shopify marks it paid. Send it now with Retry, or let orders on net terms ship in Settings > Orders and after sending.`,
    );
    // Paid, or every unpaid order let through: it goes.
    expect(planPackage(fo, { ...order, financialStatus: "PAID" }, testSettings({ orders: { shipOnTerms: { NET: false } } })).kind).toBe(
      "OUTBOUND",
    );
    expect(planPackage(fo, order, testSettings({ orders: { shipUnpaid: true, shipOnTerms: { NET: false } } })).kind).toBe("OUTBOUND");
  });

  it("never ships terms Shopify cannot name before payment", () => {
    const { fo, order } = companyOrder({ type: "UNKNOWN", name: "Custom", dueInDays: null, dueAt: null });
    const plan = planPackage(fo, order, testSettings());
    expect(plan.kind === "WAIT" && plan.message).toMatch(/payment terms Shopify does not name \(Custom\)/);
  });

  it("puts the buying company on the package as the importer, for outbound and drop-ship alike", () => {
    const { fo, order } = companyOrder(net30);
    expect(planPackage(fo, order, testSettings())).toMatchObject({
      kind: "OUTBOUND",
      request: { ImportsInfo: { Company: "Harbour Trading Ltd" } },
    });
    const dropship = exampleCase({ location: locations.SHENZHEN });
    const plan = planPackage(dropship.fo, { ...dropship.order, purchasingCompany: company }, testSettings());
    expect(plan).toMatchObject({ kind: "DROPSHIP", request: { ImportsInfo: { Company: "Harbour Trading Ltd" } } });
    assertAcceptedByProvider(plan);
    // A customer's order names no importer.
    expect(planPackage(dropship.fo, dropship.order, testSettings())).not.toHaveProperty("request.ImportsInfo");
  });
});

describe("the service by the shipping method paid for", () => {
  it("wins over the country, matched by title or code in any case; others go by country", () => {
    const settings = testSettings();
    const us01 = settings.routes[0];
    if (us01?.kind !== "OUTBOUND") throw new Error("the test settings' first route is US01");
    const withMethods = {
      ...settings,
      routes: [{ ...us01, services: { ...us01.services, byShippingMethod: { express: "US01-EXP" } } }, ...settings.routes.slice(1)],
    };
    const { fo, order } = exampleCase();
    const by = (line: { code: string | null; title: string } | null) => {
      const plan = planPackage(fo, { ...order, shippingLine: line && { ...line, source: "shopify" } }, withMethods);
      return plan.kind === "OUTBOUND" ? plan.serviceCode : plan.kind;
    };
    expect(by({ code: null, title: "Express" })).toBe("US01-EXP");
    expect(by({ code: "EXPRESS", title: "Fast delivery" })).toBe("US01-EXP");
    expect(by({ code: "standard", title: "Standard" })).toBe("US01-STD");
    expect(by(null)).toBe("US01-STD");
  });
});

describe("the service the customer chose from the app's checkout rates", () => {
  /** The warehouses as checkout rates choose among them: a cart to GB is priced from DE01 (it has a service for GB). */
  const checkoutWarehouses: ConnectorSettings["checkoutWarehouses"] = [
    {
      warehouseId: "US01",
      enabled: true,
      country: "US",
      services: { defaultService: "US01-INT", byCountry: { US: "US01-STD", CA: "US01-ECO" } },
    },
    {
      warehouseId: "DE01",
      enabled: true,
      country: "DE",
      services: { defaultService: null, byCountry: { DE: "DE01-STD", GB: "DE01-INT" } },
    },
  ];
  const fromCheckout = (code: string, title: string) => ({ code, title, source: "Warehouse shipping" });
  const planned = (
    shippingLine: { code: string | null; title: string; source: string | null } | null,
    where: { location?: string; destination?: (typeof addresses)[keyof typeof addresses] } = {},
    settings: ConnectorSettings = testSettings({ checkoutWarehouses }),
  ) => {
    const { fo, order } = exampleCase({ location: where.location ?? locations.US01, destination: where.destination ?? addresses.US });
    return planPackage(fo, { ...order, shippingLine }, settings);
  };
  const serviceOf = (plan: PackagePlan) => (plan.kind === "OUTBOUND" || plan.kind === "DROPSHIP" ? plan.request.ServiceCode : plan.kind);

  it("sends the provider service the customer chose, exactly as the app's rate named it, before the country's", () => {
    expect(serviceOf(planned(fromCheckout("US01-EXP", "UPS Worldwide Expedited")))).toBe("US01-EXP");
    expect(serviceOf(planned(fromCheckout("US01-ECO", "Economy Parcel (USPS last mile)")))).toBe("US01-ECO");
    expect(serviceOf(planned(fromCheckout("DE01-EXP", "UPS Express Saver"), { location: locations.DE01, destination: addresses.GB }))).toBe(
      "DE01-EXP",
    );
  });

  it("goes by the country when the customer chose nothing the app knows: a flat rate, the merchant's own rate, no line", () => {
    expect(serviceOf(planned(fromCheckout("FLAT-2", "Express shipping")))).toBe("US01-STD");
    expect(serviceOf(planned({ code: "US01-EXP", title: "Express", source: "shopify" }))).toBe("US01-STD");
    expect(serviceOf(planned({ code: null, title: "Generic Shipping", source: "shopify" }))).toBe("US01-STD");
    expect(serviceOf(planned(null))).toBe("US01-STD");
  });

  it("holds a choice the order's warehouse does not ship with, naming the service and what to do, never sending another", () => {
    // Checkout priced a cart to GB from DE01; Shopify assigned the order to US01.
    const plan = planned(fromCheckout("DE01-EXP", "UPS Express Saver"), { destination: addresses.GB });
    expect(plan).toMatchObject({
      kind: "HELD",
      reasons: [
        {
          field: "ServiceCode",
          value: "DE01-EXP",
          message:
            'The customer chose "UPS Express Saver" at checkout, the provider\'s service DE01-EXP, which warehouse US01 does not ship with ' +
            "(checkout priced it from warehouse DE01). It is not sent with another service unless you say so: move the order in Shopify to " +
            "the location of warehouse DE01, or add the shipping method DE01-EXP with the service to use instead to warehouse US01 in " +
            "Settings > Warehouses and routing, then retry.",
        },
      ],
    });
    // A drop-ship location ships only with the services set for it.
    const dropship = planned(fromCheckout("US01-ECO", "Economy Parcel (USPS last mile)"), { location: locations.SHENZHEN });
    expect(dropship.kind === "HELD" ? dropship.reasons.filter((r) => r.field === "ServiceCode") : dropship).toEqual([
      expect.objectContaining({ value: "US01-ECO", message: expect.stringContaining("which drop-ship location SZX does not ship with") }),
    ]);
  });

  it("after the merchant says which service ships that choice from this warehouse, sends it with that one", () => {
    const settings = testSettings({ checkoutWarehouses });
    const fixed = {
      ...settings,
      routes: settings.routes.map((route) =>
        route.kind === "OUTBOUND" && route.warehouseId === "US01"
          ? { ...route, services: { ...route.services, byShippingMethod: { "DE01-EXP": "US01-EXP" } } }
          : route,
      ),
    };
    expect(serviceOf(planned(fromCheckout("DE01-EXP", "UPS Express Saver"), { destination: addresses.GB }, fixed))).toBe("US01-EXP");
  });
});
