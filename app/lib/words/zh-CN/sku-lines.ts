/** SKU 选择器与装有 SKU 的箱子、包裹（入库单的箱子、批量发货的包裹）。 */
import type { Words } from "../en";

/** 一种箱件的说法，按表单上的序号称呼（“第 2 箱”）。 */
const parcel = (unit: string, noun: string) => ({
  title: (number: string) => `第 ${number} ${unit}`,
  add: `添加${noun}`,
  remove: `删除此${noun}`,
  removeNumbered: (number: string) => `删除第 ${number} ${unit}`,
  addSku: (number: string) => `向第 ${number} ${unit}添加 SKU`,
  removeSku: (sku: string, number: string) => `从第 ${number} ${unit}删除 ${sku}`,
  quantityOf: (sku: string, number: string) => `第 ${number} ${unit}中 ${sku} 的数量`,
});

export const skuLines: Words["skuLines"] = {
  picker: {
    addSku: "添加 SKU",
    search: "按商品名称或 SKU 搜索",
    noMatch: (query) => `没有与“${query}”匹配的 SKU。`,
  },
  emptyCatalogue: "您的商品目录中还没有 SKU：请在“商品”页面从 Shopify 读取。",
  removeLine: "删除",
  quantity: "数量",
  parcels: {
    box: parcel("箱", "箱子"),
    package: parcel("个包裹", "包裹"),
  },
  line: (quantity, name, sku) => `${name}（${sku}）× ${quantity}`,
  lineSentAs: (quantity, name, sku, providerSku) => `${name}（${sku}，以 ${providerSku} 发送）× ${quantity}`,
};
