/** 菜单 (the admin menu). */
import type { Words } from "../en";

export const nav: Words["nav"] = {
  home: "首页",
  shipments: "发货",
  returns: "退货",
  products: "商品",
  stock: "库存",
  inbound: "入库单",
  lading: "批量发货",
  inventoryAge: "库龄",
  pricing: "费用",
  dataRequests: "客户数据",
  settings: "设置",
};
