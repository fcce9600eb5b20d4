import { describe, expect, it } from "vitest";
import { ShopSettings } from "~/stores/shops/shop-settings";
import { formValuesOf } from "./form";
import { env } from "~/env.server";
import { wordsFor } from "~/lib/words";
import { readSettingsForm, readSettingsFormAndAddress } from "./form.server";

const ENGLISH = wordsFor("en");

const WAREHOUSE_LOCATION = "gid://shopify/Location/7";
const STUDIO = "gid://shopify/Location/2";
const stored = ShopSettings.parse({
  warehouses: [{ warehouseId: "US01", shopifyLocationId: WAREHOUSE_LOCATION }],
  customs: { currency: "EUR", originCountry: "DE" },
  // Mapped on the Products page: the settings form keeps it as stored.
  skus: { bySku: { "CHAWAN-01": { providerSku: "CHW-01", declaredName: "Tea bowl (ceramic)", hsCode: "691200" } } },
  // Saved by the Checkout rates section's own form: the settings form keeps it as stored.
  checkoutRates: {
    enabled: true,
    carrierServiceId: "gid://shopify/DeliveryCarrierService/4",
    flatRates: [{ serviceName: "Standard", amount: 7.5, currency: "USD" }],
    cacheMinutes: 5,
  },
});

const base: [string, string][] = [
  ["mode", "live"],
  ["providerBaseUrl", ""],
  ["warehouses.0.warehouseId", "US01"],
  ["warehouses.0.enabled", "on"],
  ["warehouses.0.defaultService", "US01-EXP"],
  ["warehouses.0.byCountry.0.country", "us"],
  ["warehouses.0.byCountry.0.service", "US01-STD"],
  ["warehouses.0.byCountry.1.country", ""],
  ["warehouses.0.byCountry.1.service", ""],
  ["warehouses.0.byCountry.2.country", "CA"],
  ["warehouses.0.byCountry.2.service", "US01-INT"],
  ["dropShip.enabled", "on"],
  ["dropShip.handlingLocation", "SZ-HUB"],
  ["dropShip.merchantLocationIds", STUDIO],
  ["dropShip.defaultService", ""],
  ["customs.declareNameEn", "Home goods"],
  ["customs.hsCode", ""],
  ["customs.declaredValueCurrency", "PRESENTMENT"],
  ["taxIds.ioss", "im2760000001"],
  ["taxIds.euVatNumber", ""],
  ["taxIds.ukVatNumber", "GB123456789"],
  ["skus.strict", "on"],
  ["skuDefaults.lengthCm", "12"],
  ["skuDefaults.widthCm", "12"],
  ["skuDefaults.heightCm", "9.5"],
  ["skuDefaults.declaredValueFrom", "PRICE"],
  ["stockSync.intervalMinutes", "15"],
  ["warehouses.0.handlingDays", "2"],
  ["afterSending.failedPackages", "handBack"],
  ["afterSending.noNewsDays", "21"],
  ["codGatewayNames", "Pay at the door\n\n  Cash (courier)  "],
  ["pushPolicy", "holdForReview"],
];
const withFields = (changes: Record<string, string>) =>
  new URLSearchParams([...base.filter(([name]) => !(name in changes)), ...Object.entries(changes)]);

describe("the settings form", () => {
  it("reads a filled-in form as settings, blank rows left out, the stored locations and currency kept", () => {
    const reading = readSettingsForm(new URLSearchParams(base), stored, ENGLISH);
    expect(reading.ok).toBe(true);
    const settings = ShopSettings.parse(reading.ok ? reading.settings : {});
    expect(settings.checkoutRates).toEqual(stored.checkoutRates);
    expect(settings).toMatchObject({
      mode: "live",
      providerBaseUrl: null,
      warehouses: [
        {
          warehouseId: "US01",
          shopifyLocationId: WAREHOUSE_LOCATION,
          enabled: true,
          services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD", CA: "US01-INT" } },
        },
      ],
      dropShip: { handlingLocation: "SZ-HUB", merchantLocationIds: [STUDIO], services: { defaultService: null, byCountry: {} } },
      customs: { currency: "EUR", originCountry: "DE", declareNameEn: "Home goods", hsCode: "", declaredValueCurrency: "PRESENTMENT" },
      taxIds: { ioss: "IM2760000001", euVatNumber: null, ukVatNumber: "GB123456789" },
      skus: { strict: true, bySku: { "CHAWAN-01": { providerSku: "CHW-01", declaredName: "Tea bowl (ceramic)", hsCode: "691200" } } },
      skuDefaults: { size: { lengthCm: 12, widthCm: 12, heightCm: 9.5 }, declaredValueFrom: "PRICE" },
      stockSync: { enabled: false, intervalMinutes: 15 },
      afterSending: { failedPackages: "handBack", noNewsDays: 21 },
      codGatewayNames: ["Pay at the door", "Cash (courier)"],
      notifyCustomer: false,
      pushPolicy: "holdForReview",
    });
    expect(settings.warehouses[0]?.handlingDays).toBe(2);
    // What the form shows reads back as the same settings.
    const shown = formValuesOf(settings);
    expect(shown.warehouses[0]?.byCountry).toEqual([
      { country: "US", service: "US01-STD" },
      { country: "CA", service: "US01-INT" },
    ]);
    expect(shown.codGatewayNames).toBe("Pay at the door\nCash (courier)");
  });

  it("names each wrong field and says what is wrong", () => {
    const reading = readSettingsForm(
      withFields({
        "warehouses.0.byCountry.2.service": "US01 INT",
        "taxIds.ioss": "IM12",
        "skuDefaults.heightCm": "0",
        "dropShip.handlingLocation": "",
      }),
      stored,
      ENGLISH,
    );
    expect(reading.ok).toBe(false);
    expect(reading.ok ? [] : reading.errors).toEqual(
      expect.arrayContaining([
        {
          field: "warehouses.0.byCountry.2.service",
          label: "Service for CA (warehouse US01)",
          message: "may contain only letters, digits, hyphen (-) and underscore (_)",
        },
        { field: "taxIds.ioss", label: "IOSS number", message: "must be IM followed by 10 digits" },
        { field: "skuDefaults.heightCm", label: "Default height", message: "must be more than 0" },
        { field: "dropShip.handlingLocation", label: "Handling location", message: "is required to ship through drop-ship" },
      ]),
    );
  });

  it("reads the drop-ship box limit in kg as grams, blank as none, and names a wrong one", () => {
    const boxed = readSettingsForm(withFields({ "dropShip.maxBoxKg": "2.5" }), stored, ENGLISH);
    const settings = ShopSettings.parse(boxed.ok ? boxed.settings : {});
    expect(settings.dropShip?.maxBoxGrams).toBe(2_500);
    expect(formValuesOf(settings).dropShip.maxBoxKg).toBe("2.5");
    const blank = readSettingsForm(withFields({ "dropShip.maxBoxKg": "" }), stored, ENGLISH);
    expect(blank.ok && ShopSettings.parse(blank.settings).dropShip?.maxBoxGrams).toBeNull();
    const wrong = readSettingsForm(withFields({ "dropShip.maxBoxKg": "two" }), stored, ENGLISH);
    expect(wrong.ok ? [] : wrong.errors).toEqual([
      { field: "dropShip.maxBoxKg", label: "Pack in boxes of at most (kg)", message: "must be a number such as 12.5" },
    ]);
  });

  it("keeps the stored after-sending settings when the form leaves them out, and checks them when given", () => {
    const handBack = ShopSettings.parse({ ...stored, afterSending: { failedPackages: "handBack", noNewsDays: 45 } });
    const omitted = new URLSearchParams(base.filter(([name]) => !name.startsWith("afterSending.") && name !== "warehouses.0.handlingDays"));
    const kept = readSettingsForm(omitted, handBack, ENGLISH);
    expect(kept.ok && ShopSettings.parse(kept.settings)).toMatchObject({
      afterSending: { failedPackages: "handBack", noNewsDays: 45 },
      warehouses: [{ handlingDays: null }],
    });
    const wrong = readSettingsForm(
      withFields({ "afterSending.noNewsDays": "0", "afterSending.failedPackages": "ignore", "warehouses.0.handlingDays": "two" }),
      stored,
      ENGLISH,
    );
    expect(wrong.ok ? [] : wrong.errors).toEqual(
      expect.arrayContaining([
        { field: "afterSending.noNewsDays", label: "Stop following a parcel after (days without news)", message: "must be at least 1" },
        {
          field: "afterSending.failedPackages",
          label: "A package the provider cannot create",
          message: "must be Keep it here or Hand it back to Shopify",
        },
        {
          field: "warehouses.0.handlingDays",
          label: "Handling time in working days (warehouse US01)",
          message: "must be a whole number of working days",
        },
      ]),
    );
    // A number out of range or not whole is told the rule it breaks, not that it is no number.
    const outOfRange = readSettingsForm(
      withFields({ "afterSending.noNewsDays": "2.5", "warehouses.0.handlingDays": "-4", "stockSync.intervalMinutes": "-4" }),
      stored,
      ENGLISH,
    );
    expect(outOfRange.ok ? [] : outOfRange.errors.map(({ field, message }) => ({ field, message }))).toEqual(
      expect.arrayContaining([
        { field: "afterSending.noNewsDays", message: "must be a whole number" },
        { field: "warehouses.0.handlingDays", message: "must be at least 0" },
        { field: "stockSync.intervalMinutes", message: expect.stringMatching(/^must be (at least|5 to) /) },
      ]),
    );
  });

  it("refuses a country listed twice, and a drop-ship location that is a warehouse's", () => {
    const twice = readSettingsForm(withFields({ "warehouses.0.byCountry.2.country": "US" }), stored, ENGLISH);
    expect(twice.ok ? [] : twice.errors).toEqual([
      { field: "warehouses.0.byCountry.2.country", label: "Country, row 3 (warehouse US01)", message: "is listed twice" },
    ]);
    const warehouseAsStudio = readSettingsForm(withFields({ "dropShip.merchantLocationIds": WAREHOUSE_LOCATION }), stored, ENGLISH);
    expect(warehouseAsStudio.ok ? [] : warehouseAsStudio.errors).toEqual([
      {
        field: "dropShip.merchantLocationIds",
        label: "Locations shipped through drop-ship",
        message: "is a provider warehouse's location, not one the merchant ships from",
      },
    ]);
  });

  it("reads services by shipping method and which orders wait, and refuses a method listed twice in another case", () => {
    const reading = readSettingsForm(
      withFields({
        "warehouses.0.byShippingMethod.0.method": " Express ",
        "warehouses.0.byShippingMethod.0.service": "US01-EXP",
        "dropShip.byShippingMethod.3.method": "Economy",
        "dropShip.byShippingMethod.3.service": "US01-STD",
        "orders.shipUnpaid": "on",
        "orders.shipOnTerms.FULFILLMENT": "on",
        "orders.shipOnTerms.FIXED": "on",
      }),
      stored,
      ENGLISH,
    );
    const settings = ShopSettings.parse(reading.ok ? reading.settings : {});
    expect(settings.warehouses[0]?.services.byShippingMethod).toEqual({ Express: "US01-EXP" });
    expect(settings.dropShip?.services.byShippingMethod).toEqual({ Economy: "US01-STD" });
    // Company orders on net terms (not ticked) wait; due on fulfilment and on a fixed date ship.
    expect(settings.orders).toEqual({
      shipUnpaid: true,
      shipHighRisk: false,
      shipOnTerms: { FULFILLMENT: true, NET: false, FIXED: true, RECEIPT: false },
    });
    expect(formValuesOf(settings).orders.shipOnTerms).toEqual({ FULFILLMENT: true, NET: false, FIXED: true, RECEIPT: false });
    expect(formValuesOf(settings).warehouses[0]?.byShippingMethod).toEqual([{ method: "Express", service: "US01-EXP" }]);

    const twice = readSettingsForm(
      withFields({
        "warehouses.0.byShippingMethod.0.method": "Express",
        "warehouses.0.byShippingMethod.0.service": "US01-EXP",
        "warehouses.0.byShippingMethod.1.method": "EXPRESS",
        "warehouses.0.byShippingMethod.1.service": "US01-STD",
      }),
      stored,
      ENGLISH,
    );
    expect(twice.ok ? [] : twice.errors).toEqual([
      { field: "warehouses.0.byShippingMethod.1.method", label: "Shipping method, row 2 (warehouse US01)", message: "is listed twice" },
    ]);
  });

  it("refuses a provider address that is not public, or not https in live mode, at its field in the admin's language; outside the stack even the sandbox on loopback", async () => {
    // This process is no stack: no Shopify emulator configured.
    expect(env.SHOPIFY_ADMIN_API_ORIGIN).toBeUndefined();
    const refusal = async (mode: string, address: string) => {
      const reading = await readSettingsFormAndAddress(withFields({ mode, providerBaseUrl: address }), stored, ENGLISH);
      if (reading.ok) throw new Error(`${mode} ${address} was accepted`);
      expect(reading.errors.map(({ field, label }) => ({ field, label }))).toEqual([
        { field: "providerBaseUrl", label: "Provider address" },
      ]);
      expect(reading.result.error).toEqual({ providerBaseUrl: [reading.errors[0]?.message] });
      return reading.errors[0]?.message;
    };
    expect(await refusal("live", "http://93.184.216.34/")).toBe(
      "http://93.184.216.34 is not an https address: only https is allowed here (live mode sends your provider token only to a public https address)",
    );
    expect(await refusal("live", "https://169.254.169.254/")).toBe(
      "169.254.169.254 is not a public internet address (live mode sends your provider token only to a public https address)",
    );
    expect(await refusal("live", "https://127.0.0.1:4010/")).toContain("127.0.0.1 is not a public internet address");
    expect(await refusal("sandbox", "http://127.0.0.1:4010/")).toBe("127.0.0.1 is not a public internet address");
    expect(await refusal("sandbox", "http://[fd00:ec2::254]/")).toBe("[fd00:ec2::254] is not a public internet address");

    // In the admin's language: the refusal said in Chinese, the address quoted as typed.
    const inChinese = await readSettingsFormAndAddress(
      withFields({ mode: "live", providerBaseUrl: "http://93.184.216.34/" }),
      stored,
      wordsFor("zh-CN"),
    );
    expect(inChinese.ok ? [] : inChinese.errors).toEqual([
      {
        field: "providerBaseUrl",
        label: wordsFor("zh-CN").settingsProvider.address,
        message: "http://93.184.216.34 不是 https 地址：此处只允许 https（正式环境只会把您的服务商令牌发送到公网 https 地址）",
      },
    ]);
    const privateInChinese = await readSettingsFormAndAddress(
      withFields({ mode: "sandbox", providerBaseUrl: "http://127.0.0.1:4010/" }),
      stored,
      wordsFor("zh-CN"),
    );
    expect(privateInChinese.ok ? [] : privateInChinese.errors.map((error) => error.message)).toEqual(["127.0.0.1 不是公网地址"]);

    // A public https address, and no address at all (the operator's), are saved as they are.
    const publicAddress = await readSettingsFormAndAddress(withFields({ providerBaseUrl: "https://93.184.216.34/" }), stored, ENGLISH);
    expect(publicAddress.ok && publicAddress.settings.providerBaseUrl).toBe("https://93.184.216.34/");
    expect((await readSettingsFormAndAddress(new URLSearchParams(base), stored, ENGLISH)).ok).toBe(true);
  });
});
