/** 商品目录读取、SKU 备案和库存同步对自身的说明（进度与结果），以及库存同步为仓库或 SKU 记下的备注。 */
import { formatNumber } from "~/lib/format";
import type { Words } from "../en";

/** 按中文界面的写法书写数量（“12,345”）。 */
const n = (count: number) => formatNumber(count, "zh-CN");

export const runSays: Words["runSays"] = {
  askingForCatalogue: () => "正在向 Shopify 请求您的商品目录…",
  askingForCatalogueAgain: () => "正在重新向 Shopify 请求您的商品目录…",
  shopifyReadingCatalogue: () => "Shopify 正在读取您的商品目录…",
  variantsReadSoFar: (count) => `Shopify 已读取 ${n(count)} 个变体…`,
  savingVariants: (count) => `正在保存 ${n(count)} 个变体…`,
  readingProviderSkus: (read, total) => `正在读取服务商的 SKU：${n(read)} / ${n(total)}…`,
  catalogueNotRead: (errorCode) => `Shopify 未能读取商品目录（${errorCode === "" ? "未说明原因" : errorCode}）。请几分钟后重试。`,
  catalogueRead: (variants, withoutSku, unreadable, providerSkus) => {
    const notes = [
      withoutSku > 0 ? `其中 ${n(withoutSku)} 个没有 SKU` : null,
      unreadable > 0 ? `Shopify 的回复中有 ${n(unreadable)} 行无法读取` : null,
    ].flatMap((note) => (note === null ? [] : [note]));
    return `已从 Shopify 读取 ${n(variants)} 个变体${notes.length ? `（${notes.join("；")}）` : ""}，并从服务商读取 ${n(providerSkus)} 个 SKU。`;
  },

  registering: (count) => `正在向服务商备案 ${n(count)} 个 SKU…`,
  registered: (count) => `已向服务商备案 ${n(count)} 个 SKU。`,
  registeredSomeFailed: (registered, failed) => `已备案 ${n(registered)} 个 SKU；${n(failed)} 个未能备案，每个都写明了原因。`,
  readingApproval: (read, registered) => `正在读取服务商对已备案 SKU 的审核状态：${n(read)} / ${n(registered)}…`,

  readingStock: () => "正在读取服务商的库存…",
  waitingForCatalogue: () => "正在等待读取您的商品目录：库存将写入读取到的变体…",
  warehouseSynced: (warehouseId) => `已同步仓库 ${warehouseId}…`,
  noWarehouseEnabled: () => "无需同步：还没有启用任何仓库（设置 > 仓库与路由）。",
  catalogueUnreadable: () =>
    "库存未同步：无法从 Shopify 读取您的商品目录，应用不知道服务商的 SKU 对应哪些变体。请在“商品”页面重新读取；读取完成后即会同步库存。",
  stockSynced: (changed, unchanged, warehouses, problems) =>
    `库存已同步：在 ${n(warehouses)} 个仓库中，${n(changed)} 个数量已更新，${n(unchanged)} 个未变化` +
    (problems > 0 ? "；请查看下方需要您处理的事项。" : "。"),
  nothingWrittenNoSkus: () =>
    "未写入任何库存：您的商品目录中没有带 SKU 的变体。请在 Shopify 中为变体填写服务商的 SKU，然后在“商品”页面重新读取商品目录。",
  nothingWrittenNotTracked: (variants) =>
    `未写入任何库存：服务商有库存的 ${n(variants)} 个变体，Shopify 都未跟踪其库存。请在 Shopify 中为它们开启“跟踪数量”，然后再次同步。`,
  nothingWrittenNoMatch: (skus) =>
    `未写入任何库存：服务商有 ${n(skus)} 个 SKU 的库存，但没有一个是您店铺中变体的 SKU。请为变体填写服务商的 SKU，或在“商品”页面将变体对应到它们，然后再次同步。`,

  locationNotCreated: () => "尚未创建它的 Shopify 地点：保存设置后应用会创建。",
  locationGone: () => "它的 Shopify 地点已不存在：请重新保存设置，以便重新创建。",
  countKeptChanging: () => "同步写入时 Shopify 中的数量一直在变化（订单正在履约）；下次同步会写入。",
  notStockedAtLocation: (shopifySaid) => `Shopify 未能在该仓库的地点为它建立库存：${shopifySaid}`,
  skuGone: () => "已没有变体使用该 SKU：请从 Shopify 刷新商品目录。",
  skuRegistered: (providerSku) => (providerSku === "" ? "已备案。" : `已备案为 ${providerSku}。`),
  skuAlreadyRegistered: (providerSku) => (providerSku === "" ? "已备案过，未做更改。" : `已备案为 ${providerSku}，未做更改。`),
  skuRefused: (providerSaid) => `服务商拒绝了备案：${providerSaid}。请在 Shopify 或下方修正，然后重新备案。`,
  skuRefusedUnnamed: () => "服务商拒绝了备案，但未指出字段。请在 Shopify 或下方检查其重量、尺寸和申报名称，然后重新备案。",
};
