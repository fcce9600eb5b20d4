/** 客户退货未能发往仓库或未能重新入库的原因（“退货”页面）。服务商或 Shopify 的原话照录。 */
import type { Words } from "../en";

export const returnReasons: Words["returnReasons"] = {
  noSender: (returnName) => `订单没有带国家/地区的收货地址：服务商需要知道 ${returnName} 从哪里揽收。`,
  noSku: (title) => `“${title}”没有 SKU，服务商无法判断退回的是什么：请在 Shopify 中为该变体填写 SKU。`,
  noService: (warehouseId, country) => `仓库 ${warehouseId} 没有为 ${country} 设置服务，也没有默认服务：请在“设置 > 仓库与路由”中添加。`,
  noWeight: (item) => `Shopify 中没有 ${item} 的重量，而服务商需要包裹的重量：请在 Shopify 的商品中填写。`,
  providerRefused: (fields) => `服务商拒绝了退货单：${fields}`,
  providerGaveNoReason: () => "服务商未能创建退货单。",
  restockRefused: (returnName, shopifySaid) => `Shopify 无法在该仓库的地点为 ${returnName} 重新入库：${shopifySaid}`,
};
