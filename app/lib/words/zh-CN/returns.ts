/** 退货：每个退回服务商仓库的 Shopify 退货及其进度。 */
import type { Words } from "../en";

export const returns: Words["returns"] = {
  title: "退货",
  subtitle: "顾客退回服务商仓库的商品",
  home: "首页",
  tabs: {
    all: "全部",
    progress: "退回途中",
    attention: "需要处理",
    restocked: "已重新入库",
  },
  empty: {
    all: "您批准由服务商仓库发出的商品退货后，退货会退回该仓库并显示在这里。",
    progress: "目前没有正在退回仓库的退货。",
    attention: "没有需要您处理的退货：服务商已接收每一笔退货。",
    restocked: "商品在仓库重新上架可售后，退货会显示在这里。",
  },
  noneYet: "这里还没有退货",
  oneReturn: "退货",
  manyReturns: "退货",
  returnOrder: "退货 / 订单",
  warehouse: "仓库",
  providerIds: "服务商单号",
  units: "件数",
  state: "状态",
  tracking: "物流单号",
  order: (name) => `订单 ${name}`,
  item: (quantity, sku) => `${sku} × ${quantity}`,
  itemSeparator: "、",
  page: (page) => `第 ${page} 页`,
  states: {
    SENT: "退回途中",
    RECEIVED: "已到仓库",
    RESTOCKED: "已重新入库",
    FAILED: "服务商拒绝",
  },
};
