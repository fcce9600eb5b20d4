/** 设置 > 商品目录与库存：适用于所有 SKU 的设置，以及库存同步的频率。 */
import type { Words } from "../en";

export const settingsCatalogue: Words["settingsCatalogue"] = {
  title: "商品目录与库存",
  subtitle: "每个 SKU 的服务商 SKU、报关信息和尺寸在“商品”页面设置；这里的设置适用于所有 SKU。",
  skusTitle: "SKU",
  skusDescription: "当 SKU 在“商品”页面的条目未填写时，告诉服务商的内容。",
  strict: "只发出在“商品”页面映射过的 SKU",
  strictHelp: "其他 SKU 会被暂缓，直到您完成映射。",
  defaultsTitle: "SKU 自身条目未填写时",
  lengthCm: "默认长度（厘米）",
  widthCm: "默认宽度（厘米）",
  heightCm: "默认高度（厘米）",
  example: (n) => `例如 ${n}`,
  sizeExplained: "服务商需要每个 SKU 的尺寸，而 Shopify 不保存尺寸：如果这里没有默认值，每个 SKU 都需要单独填写。",
  declaredValueFrom: "单件申报价值",
  declaredValueChoices: {
    PRICE: "变体的售价",
    COST: "变体的成本（Shopify 中的单件成本）",
  },
  stockTitle: "库存",
  stockDescription:
    "服务商每个仓库的库存会成为 Shopify 在该仓库地点可售的数量：按此计划同步、在“库存”页面手动请求时同步，以及在任何改变库存的操作之后同步。",
  stockSync: "按计划同步库存",
  intervalMinutes: "同步间隔（分钟）",
  intervalHelp: (min, max) => `${min} 至 ${max}。`,
  errors: {
    number: "必须是数字，例如 12.5",
    moreThanZero: "必须大于 0",
    lessThan: (limit, digits) => `必须小于 ${limit}（小数点前最多 ${digits} 位）`,
    decimalPlaces: (places) => `最多保留 ${places} 位小数`,
  },
};
