/** 设置 > 结账运费：通过本应用的承运商服务在结账时提供服务商运费、作为后备的固定运费，以及按钮的答复。Shopify 的原话照原样显示。 */
import type { Words } from "../en";

export const settingsCheckoutRates: Words["settingsCheckoutRates"] = {
  title: "结账运费",
  subtitle: "在结账时按顾客的购物车提供服务商的运费。",
  sectionTitle: "结账运费",
  sectionDescription: "通过本应用添加到 Shopify 的承运商服务提供。Shopify 仅在包含“承运商计算运费”功能的套餐中允许使用。",
  pending: {
    checkoutRatesOn: "正在开启结账运费…",
    checkoutRatesOff: "正在关闭结账运费…",
    checkoutRatesSave: "正在保存结账运费…",
  },
  ratesAtCheckout: "结账时的运费",
  on: "已开启",
  off: "已关闭",
  refusedByShopify: "被 Shopify 拒绝",
  offersPrices: "结账时按顾客的购物车提供服务商的运费，从“设置 > 仓库与路由”为该目的地选定的仓库发货。",
  shopifyAsks: { before: "Shopify 向以下地址请求运费：", after: "。" },
  offExplained: "已关闭：结账时只显示在 Shopify“设置 > 发货和配送”中设置的运费。",
  refusedTitle: "Shopify 未将本应用的运费添加到结账",
  turnOff: "关闭结账运费",
  turnOn: "开启结账运费",
  flatRates: "固定运费",
  flatRatesExplained: (seconds) =>
    `当服务商在 ${seconds} 秒内未答复、服务中断，或不认识购物车中的某个 SKU 时，改为提供以下固定运费。没有设置固定运费时，结账将不显示本应用的运费。`,
  addFlatRate: "添加固定运费",
  columns: {
    serviceName: { label: "结账时显示的运费名称", placeholder: "例如 标准运费" },
    amount: { label: "金额", placeholder: "例如 9.95" },
    currency: { label: "币种", placeholder: "例如 USD" },
  },
  cacheMinutes: "同一购物车和目的地的运费在多少分钟内重复使用",
  cacheMinutesHelp: (min, max) => `${min} 至 ${max}。在此时间内结账会直接用缓存的运费立即答复，不再询问服务商。`,
  notTurnedOn: "无法开启结账运费。",
  notSaved: "结账运费未保存：请更正下列字段。",
  saved: "结账运费已保存。",
  fieldError: (label, message) => `${label}：${message}`,
  labels: {
    flatRate: (row, column) => `固定运费 ${row}：${column}`,
    columns: { serviceName: "结账时显示的运费名称", amount: "金额", currency: "币种" },
    cacheMinutes: "运费重复使用的分钟数",
    flatRates: "固定运费",
  },
  errors: {
    notEmpty: "不能为空",
    atMostCharacters: (max) => `不能超过 ${max} 个字符`,
    amount: "必须是金额，例如 9.95",
    notNegative: "不能小于 0",
    atLeast: (min) => `不能小于 ${min}`,
    atMost: (max) => `不能大于 ${max}`,
    twoDecimals: "最多只能有 2 位小数",
    currency: "必须是三个字母的币种代码，例如 USD",
    wholeMinutes: "必须是整数分钟",
    atMostRates: (max) => `最多只能有 ${max} 个运费`,
  },
  answers: {
    turnedOn: (name) => `结账运费已开启：Shopify 以“${name}”的名称向本应用请求运费。`,
    turnedOff: "结账运费已关闭：本应用的承运商服务已从 Shopify 移除，结账时只显示您自己设置的运费。",
    planRefused: (said) =>
      "您的 Shopify 套餐不包含“承运商计算运费”功能，而应用提供结账运费需要这一功能。" +
      "高级版和 Shopify Plus 套餐包含此功能；按年付费的 Shopify 套餐也包含，或可请 Shopify 客服开通按月付费的附加功能。" +
      "在此之前，结账时显示在 Shopify“设置 > 发货和配送”中设置的运费；套餐允许后，请回到这里再次开启结账运费。" +
      `（Shopify 的答复：${said}。）`,
    refused: (said) => `Shopify 拒绝添加本应用的运费：${said}。`,
    unknownAction: (intent) => `未知操作：${intent}`,
  },
};
