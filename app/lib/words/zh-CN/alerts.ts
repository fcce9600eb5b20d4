/** 提醒消息：发生了什么、在哪里处理、该怎么做；按渠道设置的语言撰写。 */
import type { Words } from "../en";

export const alerts: Words["alerts"] = {
  kinds: {
    SHIPMENT_HELD: {
      title: "已暂扣：未发送给服务商",
      todo: "打开该发货单，按原因所述进行更正（在 Shopify 或设置中），然后重试。",
    },
    SHIPMENT_FAILED: {
      title: "服务商未能创建包裹",
      todo: "打开该发货单，更正服务商拒绝的内容后重试，或将其交回 Shopify。",
    },
    SHIPMENT_ENDED: {
      title: "未妥投即停止跟踪",
      todo: "请向服务商或承运商核实该包裹，然后在发货单页面将其标记为已处理。",
    },
    CHANGED_AFTER_SENDING: {
      title: "发送后在 Shopify 中被更改",
      todo: "服务商无法更改已收到的包裹：如有影响，请与服务商核实，然后将其标记为已处理。",
    },
    JOB_DEAD: {
      title: "后台任务已放弃",
      todo: "打开发货页面的“需要处理”查看原因，更正后重试该任务。",
    },
    CATALOGUE_READ_FAILED: {
      title: "Shopify 未能读取您的商品目录",
      todo: "几分钟后在商品页面重新读取。",
    },
    STOCK_SYNC_PROBLEMS: {
      title: "库存同步需要您处理",
      todo: "打开库存页面，查看哪些未写入及原因，更正后再次同步。",
    },
    SHOP_PAUSED: {
      title: "Shopify 拒绝本应用访问您的店铺：相关任务正在等待",
      todo: "在 Shopify 后台打开本应用，或处理 Shopify 对店铺的要求；任务会自动恢复。",
    },
    PROVIDER_UNREACHABLE: {
      title: "服务商已数分钟未响应",
      todo: "不会丢失任何数据：应用会持续重试。如果持续如此，请在“设置 > 服务商连接”中检查服务商地址，或联系服务商。",
    },
    PROVIDER_REFUSED: {
      title: "服务商拒绝了本应用的凭据",
      todo: "请在“设置 > 服务商连接”中重新连接服务商，或输入新的 API 令牌。",
    },
  },
  singleSubject: (store, title, about) => `[${store}] ${title}${about ? `：${about}` : ""}`,
  digestSubject: (_count, store, n) => `[${store}] 有 ${n} 项事务需要您处理`,
  digestOpening: (_count, n, since) => `自 ${since} 以来，有 ${n} 项事务需要您处理：`,
  aboutOrder: (title, order) => `${title}：${order}`,
  kindCount: (title, n) => `• ${title}：${n}`,
  firstFew: (n) => `前 ${n} 项：`,
  more: (n) => `另有 ${n} 项：请在“需要处理”中查看全部：`,
  todo: (todo) => `处理方法：${todo}`,
  open: (url) => `打开：${url}`,
  testSubject: (store) => `[${store}] 测试提醒`,
  testText: "这是来自履约连接器的测试提醒：提醒将按“设置 > 通知”中的设置发送到这里。无需您处理任何事项。",
  footer: "您收到此消息，是因为履约连接器将提醒发送到这里。",
};
