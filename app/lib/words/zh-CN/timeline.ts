/** 发货单时间线上由处理流程写下的事件（重试、Shopify 中的修改、刷新、发送），以及“重试”“刷新”未做更改时的回答。服务商和 Shopify 自己的话照原样引用。 */
import type { Words } from "../en";
import { shipment } from "./shipment";

const at = (kind: string, code: string) => (kind === "OUTBOUND" ? `仓库 ${code}` : kind === "DROPSHIP" ? `一件代发地点 ${code}` : code);
/** Shopify's statuses of a fulfillment order that has nothing more to ship. */
const FULFILLMENT_STATUS: Record<string, string> = { CLOSED: "已关闭", CANCELLED: "已取消", INCOMPLETE: "已按未完成关闭" };
const stateName = (state: string) => (shipment.states as Record<string, string>)[String(state)] ?? String(state);

export const timeline: Words["timeline"] = {
  retriedByMerchant: () => "商家已重试",
  orderChangedInShopify: () => "订单在 Shopify 中有修改",
  waitSettingsChanged: () => "店铺关于等待中订单的设置已更改",
  orderUpdated: () => "订单在 Shopify 中已更新",
  orderEdited: () => "订单在 Shopify 中已编辑",
  orderPaid: () => "订单已付款",
  riskAssessmentChanged: () => "Shopify 对该订单的欺诈检查结果有变化",
  partRefunded: () => "订单已部分退款",
  putOnHold: () => "履约订单在 Shopify 中被暂缓",
  holdReleased: () => "履约订单在 Shopify 中已解除暂缓",
  scheduledDateCame: () => "预定发货日期已到",
  rescheduled: () => "履约订单在 Shopify 中已重新预定日期",
  fulfillmentOrderSplit: () => "履约订单在 Shopify 中被拆分",
  fulfillmentOrdersMerged: () => "履约订单在 Shopify 中被合并",
  fulfillmentOrderMoved: () => "履约订单在 Shopify 中被转移到其他地点",
  alsoChanged: (changes, next) => `${changes}；${next}`,

  replannedNothingSent: (who, reason) => `${who}：${reason}没有发送任何内容。`,
  replannedHeld: (who, what) => `${who}，已暂缓。${what}`,
  replannedStillHeld: (who, what) => `${who}，仍然暂缓。${what}`,
  replannedReady: (who, summary) => `${who}：${summary}`,
  replannedReadyAnew: (who, summary) => `${who}：${summary}已要求服务商重新创建该包裹（IsCreateNewOrder）。`,
  plannedAfterChange: (changes, what) => `${changes}。${what}`,
  notSentClosedInShopify: (changes, status) =>
    `${changes}：其履约订单在 Shopify 中${status === "" ? "已不存在" : (FULFILLMENT_STATUS[String(status)] ?? `状态为 ${String(status)}`)}，因此不发送该包裹。`,
  notSentUnservedLocation: (changes) => `${changes}：它现在位于服务商不服务的地点，需由商家以其他方式发货。`,
  nothingSentToProvider: (why) => `${why}没有向服务商发送任何内容。`,
  writtenToShopifyAgain: () => "商家已重试：履约信息将重新写入 Shopify。",

  checkedGoesTo: (packageId, kind, code, service) => `包裹 ${packageId} 已通过检查：将从${at(kind, code)} 以物流服务 ${service} 发出。`,
  waitsForReviewAt: (packageId, kind, code) => `${at(kind, code)} 的包裹 ${packageId} 需经审核后才会发送。`,

  sentAccepted: (kind, code, service, anew, answer) =>
    `已发送给服务商（${at(kind, code)}，物流服务 ${service}）${anew === 1 ? "，修正后作为新订单发送" : ""}：${answer === "" ? "已接收" : answer}。`,
  sentInBoxes: (boxes, kind, code, service, unchanged) =>
    `已分 ${boxes} 箱发送给服务商（${at(kind, code)}，物流服务 ${service}）：${unchanged === 1 ? "服务商已有该包裹，没有任何更改" : "已接收"}。`,

  providerSaid: (status, handle, tracking) =>
    `服务商状态 ${status}${handle === "" ? "" : `，${handle}`}${tracking === "" ? "" : `，物流单号 ${tracking}`}`,
  refreshedOnRequest: (said) => `应要求从服务商刷新：${said}。`,
  refreshedNotKnown: (packageId) => `应要求从服务商刷新：服务商（暂时）查不到包裹 ${packageId}。`,
  refreshed: (said) => `已从服务商刷新：${said}。`,
  refreshedNowState: (said, state) => `已从服务商刷新：${said}。发货单现在的状态：${stateName(state)}。`,
  providerDoesNotKnowYet: (packageId) => `服务商（暂时）查不到包裹 ${packageId}：其记录可能有延迟，应用会继续查询。`,

  noSuchShipment: () => "该店铺没有这个发货单。",
  notAtProviderYet: () => "包裹尚未到达服务商：目前还没有可查询的内容。",
  providerNotAskedNow: (error) => `暂时无法查询服务商（${error}）。请稍后再试。`,
  fulfillmentOrderGone: () => "Shopify 中已没有这个履约订单。",
  cannotBePlanned: () => "无法为该履约订单规划包裹。",
  reachedProviderMeanwhile: () => "包裹在此期间已到达服务商，无法再从这里更改。",
  withdrawnWhileSending: () =>
    "在一次发送可能已到达服务商时，Shopify 中的取消或修改撤回了它：应用正在向服务商确认是否收到该包裹，不会再做其他规划。",
  handedBackRequestAgain: () =>
    "已交还 Shopify：该履约订单已在 Shopify 中关闭。请在 Shopify 中从订单重新申请履约；申请到达后应用会重新规划。",
  cannotRetryState: (state) => `状态为“${stateName(state)}”的发货单无法重试；只有暂缓或服务商拒绝的发货单可以重试。`,
};
