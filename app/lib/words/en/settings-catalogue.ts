/** Settings > Catalogue and stock: what applies to every SKU, and how often the stock sync runs. */
export const settingsCatalogue = {
  title: "Catalogue and stock",
  subtitle: "Each SKU's provider SKU, customs data and size are set on the Products page; these apply to every SKU.",
  skusTitle: "SKUs",
  skusDescription: "What the provider is told of a SKU whose own entry on the Products page does not say it.",
  strict: "Only ship SKUs mapped on the Products page",
  strictHelp: "Any other SKU is held until you map it.",
  defaultsTitle: "When a SKU's own entry does not say",
  lengthCm: "Default length (cm)",
  widthCm: "Default width (cm)",
  heightCm: "Default height (cm)",
  /** A size's placeholder: `n` is the example formatted. */
  example: (n: string) => `e.g. ${n}`,
  sizeExplained: "The provider needs every SKU's size, and Shopify keeps none: without a default here, each SKU needs its own.",
  declaredValueFrom: "Declared value of a unit",
  declaredValueChoices: {
    PRICE: "The variant's price",
    COST: "The variant's cost (Shopify's cost per item)",
  },
  stockTitle: "Stock",
  stockDescription:
    "The provider's stock in each warehouse becomes the quantity Shopify sells at that warehouse's location: on this schedule, when you ask on the Stock page, and after anything that changes it.",
  stockSync: "Sync stock on a schedule",
  intervalMinutes: "Sync every (minutes)",
  intervalHelp: (min: string, max: string) => `${min} to ${max}.`,
  /** What is wrong with a default size, said after its name. */
  errors: {
    number: "must be a number such as 12.5",
    moreThanZero: "must be more than 0",
    /** `limit` formatted ("1,000,000"), `digits` the digits allowed before the point. */
    lessThan: (limit: string, digits: string) => `must be less than ${limit} (at most ${digits} digits before the decimal point)`,
    decimalPlaces: (places: string) => `must have at most ${places} decimal places`,
  },
};
