/** 发货单：状态、类型，以及停下的原因。 */
import type { Words } from "../en";

export const shipment: Words["shipment"] = {
  // The same words as the order page block (extensions/order-shipments/locales/zh-CN.json).
  states: {
    HELD: "暂缓",
    READY: "等待发送",
    SUBMITTED: "已发送给服务商",
    CREATED: "已分配物流单号",
    FULFILLED: "已履约",
    DELIVERED: "已送达",
    FAILED: "服务商拒绝",
    CANCELLED: "已取消",
    ENDED: "跟踪已结束",
  },
  dropShip: "代发",
  dropShipVia: (warehouse) => `经 ${warehouse} 代发`,
  outbound: "出库",
  outboundFrom: (warehouse) => `从仓库 ${warehouse} 出库`,
  noReasonRecorded: "没有记录原因。请打开该发货单查看时间线。",
  // 中文句号之后不留空格。
  thenReason: (reasons, next) => `${reasons}${next}`,
  changedAfterSent: (what) => `发出后在 Shopify 中被修改：${what}。`,
  endReasons: {
    DELETED: "已被服务商删除",
    RETURNED: "已退回",
    EXCEPTION: "派送异常",
    LOST: "已丢失",
    NO_NEWS: "长期无更新",
  },
  followedNoFurther: "已停止跟踪",
};
