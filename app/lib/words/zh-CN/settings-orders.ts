/** 设置 > 订单与发出之后：哪些订单等待商家处理，以及包裹发出之后如何处理。 */
import type { Words } from "../en";

export const settingsOrders: Words["settingsOrders"] = {
  title: "订单与发出之后",
  subtitle: "哪些订单需要等待您处理，以及包裹发出之后如何处理。",
  waitTitle: "等待处理的订单",
  waitDescription:
    "Shopify 尚未标记为已付款、或评为高欺诈风险的订单，会带着原因在本应用中等待，直到情况改变（已付款，或您在发货单页面手动发送）。按付款条款下单的公司订单按下方的选择处理。在 Shopify 中设置的暂缓和预定日期始终会被遵守。",
  shipUnpaid: "发出尚未付款的订单",
  shipUnpaidHelp: "货到付款订单无论如何都会发出。",
  shipHighRisk: "发出 Shopify 评为高欺诈风险的订单",
  newShipments: "新的发货单",
  newShipmentsHelp: "选择待审核时，每张发货单都会等待，直到有人在“发货单”页面将其发送。",
  pushPolicies: {
    autoPush: "立即发送",
    holdForReview: "待审核",
  },
  termsTitle: "按付款条款下单的公司订单",
  termsDescription:
    "您的 B2B 公司按付款条款下的订单在下单时尚未付款。勾选的条款下的订单会立即发出，发票按条款付款；其他订单像未付款订单一样等待，并说明是哪项条款让它等待。",
  terms: {
    FULFILLMENT: { label: "发出履约时付款的订单", helpText: "订单履约后即需付款。" },
    NET: { label: "发出按账期付款的订单", helpText: "账期 7 至 90 天：开具发票后相应天数内付款。" },
    FIXED: { label: "发出在固定日期付款的订单", helpText: "在订单上设定的日期付款。" },
    RECEIPT: { label: "发出收到发票即付款的订单", helpText: "收到发票后立即付款。" },
  },
  codTitle: "货到付款",
  codDescription: "除“Cash on Delivery (COD)”等常见名称外，表示由承运商代收货款的支付方式。",
  codNames: "支付方式名称，每行一个",
  afterTitle: "发出之后",
  afterDescription: "服务商无法创建的包裹如何处理，以及一直没有物流更新的包裹要跟踪多久。",
  failedPackages: "服务商无法创建的包裹",
  failedPackageChoices: {
    hold: "留在这里，修正后重试",
    handBack: "交还给 Shopify，并附上原因",
  },
  handBackExplained:
    "交还后，仓库订单会在 Shopify 中以未完成状态关闭，您可以在 Shopify 中重新申请履约、移动或退款。一件代发订单无论如何都会留在您的地点。",
  noNewsDays: "多少天没有物流更新后停止跟踪包裹",
  noNewsDaysHelp: (min, max) => `${min} 至 ${max} 天。之后该发货单会显示在“需要处理”中，并注明从何时起没有任何消息。`,
};
