/** 公开的首页（Shopify 后台之外）：本应用做什么，以及提供登录时的登录表单。 */
import type { Words } from "../en";

export const landing: Words["landing"] = {
  title: "履约连接器",
  intro: "将您的 Shopify 订单发送给海外履约服务商，包裹一发出，顾客即可收到物流跟踪信息。",
  shopDomain: "店铺域名",
  shopDomainExample: "例如：my-shop-domain.myshopify.com",
  logIn: "登录",
  features: {
    handsOff: {
      title: "订单自动流转。",
      text: "订单无需人工处理即可送达仓库，而且绝不会重复发货。",
    },
    reasons: {
      title: "原因清楚，便于处理。",
      text: "无法发出的订单会说明原因，您修正后即可重新发送。",
    },
    tracking: {
      title: "为顾客提供物流跟踪。",
      text: "发货确认邮件附带物流跟踪链接，服务商报告的派送进度也会随时更新。",
    },
  },
};
