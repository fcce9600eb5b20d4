/** 应用为提醒自行写下的详情：服务商无应答或拒绝凭据，以及 Shopify 拒绝店铺。since 由提醒按渠道的语言和店铺时区写出。 */
import type { Words } from "../en";

const shopUnavailable: Words["alertDetails"]["shopUnavailable"] = {
  REVOKED: "Shopify 拒绝了应用的访问令牌（401）：应用已与店铺断开连接",
  FROZEN: "店铺已被冻结（402：Shopify 正在等待账单付款）",
  LOCKED: "Shopify 已锁定店铺（423）",
};

/** 调用失败的方式：network、server、auth。 */
const outcomes: Record<string, string> = { network: "网络错误", server: "服务器错误", auth: "凭据被拒绝" };

const named = (names: Record<string, string>, code: string) => (Object.hasOwn(names, code) ? names[code] : undefined) ?? String(code);

export const alertDetails: Words["alertDetails"] = {
  shopUnavailable,
  providerFailing: (since, operation, outcome) =>
    `自 ${since} 起调用服务商一直失败；最近一次失败的调用：${operation}（${named(outcomes, outcome)}）。`,
  shopPaused: (since, unavailable) => `自 ${since} 起：${named(shopUnavailable, unavailable)}。`,
};
