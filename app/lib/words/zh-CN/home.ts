/** 首页：设置向导、每天要看的数字，以及订单如何流转。 */
import type { Words } from "../en";

export const home: Words["home"] = {
  title: "海外仓履约连接器",
  tasksWait: (_count, n) => `${n} 项任务正在等待 Shopify；不会丢失任何数据。`,
  openNotifications: "打开“设置 > 通知”",
  needsAttention: "需要处理",
  inProgress: "处理中",
  deliveredThisWeek: "最近 7 天已签收",
  seeThem: "查看",
  lastStockSync: "最近一次库存同步",
  never: "从未同步",
  openStock: "打开库存",
  setupGuide: "设置向导",
  stepsDone: (done, steps) => `已完成 ${done}/${steps}`,
  done: "已完成",
  toDo: "待完成",
  shippingCosts: "每月运费",
  noShippingCosts: "最近几个月服务商没有报告运费。服务商创建您的包裹后，运费会显示在这里。",
  monthUtc: "月份（UTC）",
  shipments: "发货单数",
  shippingCostsColumn: "运费",
  openOrdersHeading: "安装应用之前的订单",
  openOrdersBody:
    "安装应用时以及连接某个地点时，已在仓库或代发地点的未完成订单会被自动导入。您可以随时再查找一次；已在途的订单绝不会重复发送。",
  findOpenOrders: "查找未完成订单",
  lookingForOpenOrders: "正在查找您服务商地点的未完成订单。找到的订单稍后会出现在“发货”页面。",
  unknownAction: "未知操作。",
  howAnOrderTravels: "订单如何流转",
  travels: [
    "存放在服务商仓库的商品生成出库包裹；您通过服务商寄出的包裹生成代发包裹。",
    "每个包裹会先按服务商的规则检查。无法发出的包裹会被暂扣并注明原因，您修正后即可重新发送。",
    "在 Shopify 中被暂停或预定发货、尚未付款、或被评为高欺诈风险的订单会注明原因并等待，情况变化后再发出。包裹发出之前被编辑、拆分或移动的订单，会按其当前内容重新规划。",
    "重新发送包裹绝不会在服务商那里生成第二个包裹。",
    "服务商分配物流单号后，订单会在 Shopify 中标记为已发货，顾客会收到附带追踪链接的发货确认，随后还会收到配送动态。",
  ],
  provider: {
    title: "连接您的海外仓服务商",
    sandbox: "沙盒模式：一切都在服务商模拟器上运行，不会产生真实包裹。",
    liveConnected: "正式模式，已连接。",
    liveNotConnected: "正式模式需要您的服务商账户：API 令牌或服务商登录授权。",
    action: "连接服务商",
  },
  warehouses: {
    title: "添加存放您库存的仓库",
    none: "尚无仓库：请在“设置 > 仓库与路由”中添加服务商的仓库代码（例如 US01）。",
    located: (_count, located, warehouses, waiting) =>
      `${warehouses} 个仓库中有 ${located} 个已有对应的 Shopify 地点${waiting ? "；其余的应用稍后会自动创建" : ""}。`,
    action: "添加仓库",
  },
  skus: {
    title: "向服务商登记您的 SKU",
    notRead: "尚未读取您的商品目录。",
    known: (registered, variants) => `服务商已知 ${registered} 个 SKU；您的店铺有 ${variants} 个带 SKU 的多属性商品。`,
    action: "打开商品",
  },
  stock: {
    title: "将仓库库存写入 Shopify",
    noWarehouse: "请先添加仓库：其库存会写入对应的 Shopify 地点。",
    underWay: "库存同步正在进行：Shopify 中的库存与服务商一致后，此步骤即完成。",
    notSynced: "尚未同步：Shopify 只会把订单分配给有库存的仓库。",
    checkedAt: (when) => `（核对于 ${when}）`,
    differ: (mismatched, checked, at) =>
      `上次同步后，Shopify 中 ${checked} 个数量里有 ${mismatched} 个与服务商不一致${at}：请打开库存查看是哪些，然后重新同步。`,
    noneAtProvider: (at) => `服务商在您的仓库中还没有库存${at}：请通过入库单把库存发往仓库。`,
    noneGiven: "上次同步没有为任何多属性商品写入库存。",
    holds: (_count, stocked, _warehouseCount, warehouses, at) =>
      `Shopify 已保存 ${warehouses} 个仓库中 ${stocked} 个多属性商品的服务商库存${at}。`,
    action: "打开库存",
  },
  firstOrder: {
    title: "发出第一笔订单",
    shipped: (_count, n) => `${n} 个发货单已在 Shopify 中写入物流单号。`,
    notYet: "仓库或代发地点的订单会自动发送给服务商。",
    action: "打开发货",
  },
  revokedTitle: "应用与您的店铺已断开连接",
  revokedBody: (since) =>
    `自 ${since} 起，Shopify 拒绝了应用的访问令牌（401），因此不会发送订单，也不会回写物流信息。请从 Shopify 后台打开本应用，或重新安装以重新连接：所有等待中的工作随后会从原处继续。`,
  askAgainAt: (time) => ` 应用会在 ${time} 再次询问 Shopify，并自动恢复。`,
  frozenTitle: "您的店铺已被冻结",
  frozenBody: (since, next) =>
    `自 ${since} 起，Shopify 回复该店铺已被冻结（402：有未付账单）。应用已暂停该店铺的工作；请在 Shopify 后台支付未结账单。${next}`,
  lockedTitle: "Shopify 已锁定您的店铺",
  lockedBody: (since, next) =>
    `自 ${since} 起，Shopify 回复该店铺已被锁定（423）。应用已暂停该店铺的工作；请联系 Shopify 支持解锁。${next}`,
  emailFailing: "电子邮件提醒无法送达",
  webhookFailing: "发往您 Webhook 的提醒无法送达",
  channelFailing: (since, why) =>
    `自 ${since} 起发送失败：${why}。提醒会暂存，恢复正常后再发送。请在“设置 > 通知”中检查该渠道，然后发送一条测试提醒。`,
  noReasonGiven: "未给出原因",
};
